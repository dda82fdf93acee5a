import type { SnapshotJson } from '../../engine/index.js'

/**
 * A small hand-made snapshot whose every number is chosen to reach one engine outcome exactly
 * (see test/engine/errors/errorCodes.test.ts). Constant-product pools only, so expectations can be hand-checked.
 */
export const ETH = 1
export const OP = 10
export const BSC = 56
export const SOLANA = 1151111081099710

export const ZERO = '0x0000000000000000000000000000000000000000'
export const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
export const ETH_WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
export const ETH_DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
/** A token with no pool at all. */
export const ETH_LONELY = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'
export const OP_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'
export const OP_WETH = '0x4200000000000000000000000000000000000006'
export const BSC_WBNB = '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c'
export const SOL_NATIVE = '11111111111111111111111111111111'
export const SOL_WSOL = 'So11111111111111111111111111111111111111112'
export const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

export const SENDER = '0x1111111111111111111111111111111111111111'
export const SOL_RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

// The fixture's placeholder router: these pools have no contract addresses, so a real router would refuse them
// (ROUTE_NOT_EXECUTABLE); the tests here read the calldata.
const ROUTER = '0xc7055c7055c7055C7055C7055C7055c7055C7055'

function token(chainId: number, address: string, symbol: string, decimals: number, usdPrice: string, isNative = false) {
  return {
    chainId,
    address,
    name: symbol,
    symbol,
    decimals,
    isNative,
    logo: `https://example.org/${symbol}.png`,
    svcCode: symbol.replace(/^W(ETH|SOL|BNB)$/, '$1'),
    usdPrice,
  }
}

export function miniSnapshot(): SnapshotJson {
  return {
    version: 1,
    name: 'mini',
    chains: [
      {
        chainId: ETH,
        name: 'Ethereum',
        vm: 'evm',
        nativeToken: ZERO,
        wrappedNativeToken: ETH_WETH,
        routerAddress: ROUTER,
        blockTimeMs: 12000,
        swapGasUnits: '150000',
        gasPrice: '20000000000',
      },
      {
        chainId: OP,
        name: 'OP Mainnet',
        vm: 'evm',
        nativeToken: ZERO,
        wrappedNativeToken: OP_WETH,
        routerAddress: ROUTER,
        blockTimeMs: 2000,
        swapGasUnits: '150000',
        gasPrice: '1000000',
      },
      {
        chainId: BSC,
        name: 'BNB Smart Chain',
        vm: 'evm',
        nativeToken: ZERO,
        wrappedNativeToken: BSC_WBNB,
        routerAddress: ROUTER,
        blockTimeMs: 750,
        swapGasUnits: '150000',
        gasPrice: '1000000000',
      },
      {
        chainId: SOLANA,
        name: 'Solana',
        vm: 'solana',
        nativeToken: SOL_NATIVE,
        wrappedNativeToken: SOL_WSOL,
        routerAddress: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
        blockTimeMs: 400,
        swapGasUnits: '200000',
        gasPrice: '5000',
      },
    ],
    tokens: [
      token(ETH, ZERO, 'ETH', 18, '2000', true),
      token(ETH, ETH_WETH, 'WETH', 18, '2000'),
      token(ETH, ETH_USDC, 'USDC', 6, '1'),
      token(ETH, ETH_DAI, 'DAI', 18, '1'),
      token(ETH, ETH_LONELY, 'WBTC', 8, '60000'),
      token(OP, ZERO, 'ETH', 18, '2000', true),
      token(OP, OP_WETH, 'WETH', 18, '2000'),
      token(OP, OP_USDC, 'USDC', 6, '1'),
      token(BSC, ZERO, 'BNB', 18, '600', true),
      token(BSC, BSC_WBNB, 'WBNB', 18, '600'),
      token(SOLANA, SOL_NATIVE, 'SOL', 9, '100', true),
      token(SOLANA, SOL_WSOL, 'WSOL', 9, '100'),
      token(SOLANA, SOL_USDC, 'USDC', 6, '1'),
    ],
    pools: [
      // 2,000,000 USDC / 1,000 WETH: 1 WETH = 2,000 USDC.
      {
        id: 'eth-usdc-weth',
        chainId: ETH,
        protocol: 'uniswap-v2',
        kind: 'constantProduct',
        tokens: [ETH_USDC, ETH_WETH],
        feeBps: 30,
        state: { reserve0: '2000000000000', reserve1: '1000000000000000000000' },
      },
      // A shallow pool: 1,000 DAI / 1,000 USDC.
      {
        id: 'eth-dai-usdc',
        chainId: ETH,
        protocol: 'uniswap-v2',
        kind: 'constantProduct',
        tokens: [ETH_DAI, ETH_USDC],
        feeBps: 30,
        state: { reserve0: '1000000000000000000000', reserve1: '1000000000' },
      },
      {
        id: 'op-usdc-weth',
        chainId: OP,
        protocol: 'uniswap-v2',
        kind: 'constantProduct',
        tokens: [OP_USDC, OP_WETH],
        feeBps: 30,
        state: { reserve0: '2000000000000', reserve1: '1000000000000000000000' },
      },
      {
        id: 'sol-wsol-usdc',
        chainId: SOLANA,
        protocol: 'raydium-amm-v4',
        kind: 'constantProduct',
        tokens: [SOL_WSOL, SOL_USDC],
        feeBps: 25,
        state: { reserve0: '10000000000000000', reserve1: '1000000000000' },
      },
    ],
    lanes: [
      // CCTP-like: 1 bp, min 1 USDC, max 1,000,000 USDC.
      {
        id: 'cctp-eth-op-usdc',
        bridgeId: 'cctp',
        srcChainId: ETH,
        srcToken: ETH_USDC,
        dstChainId: OP,
        dstToken: OP_USDC,
        feeBps: 1,
        flatFee: '0',
        minAmount: '1000000',
        maxAmount: '1000000000000',
        liquidity: '100000000000000',
        estimatedSeconds: 20,
      },
      {
        id: 'cctp-op-eth-usdc',
        bridgeId: 'cctp',
        srcChainId: OP,
        srcToken: OP_USDC,
        dstChainId: ETH,
        dstToken: ETH_USDC,
        feeBps: 1,
        flatFee: '0',
        minAmount: '1000000',
        maxAmount: '1000000000000',
        liquidity: '100000000000000',
        estimatedSeconds: 20,
      },
      // deBridge-like: a flat fee of 2 USDC, 8 bps, no minimum to speak of.
      {
        id: 'debridge-eth-sol-usdc',
        bridgeId: 'debridge',
        srcChainId: ETH,
        srcToken: ETH_USDC,
        dstChainId: SOLANA,
        dstToken: SOL_USDC,
        feeBps: 8,
        flatFee: '2000000',
        minAmount: '1',
        maxAmount: '100000000000',
        liquidity: '50000000000',
        estimatedSeconds: 60,
      },
    ],
  }
}
