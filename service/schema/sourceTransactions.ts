/**
 * The `tx` of the action response for non-EVM source chains: each VM's own signable object, beside the EVM router
 * call (`Transaction` in `actionResponse.ts`). The builders are `engine/vm/solana/transaction.ts`,
 * `engine/vm/bitcoin/transaction.ts` and `engine/vm/hypercore/transaction.ts`; the README's "Transactions by source
 * VM" says how to sign and send each.
 */
import { type Static, Type } from '@sinclair/typebox'
import { described } from '../../engine/schema/describe.js'
import { schemas } from '../../engine/index.js'

const { AmountString, BitcoinAddress, ChainId, EvmAddress, Hex, SolanaAddress } = schemas

/** The transaction to sign from a Solana source chain (SPEC §2.4 `tx`); fields in engine/vm/solana/README.md. */
export const SolanaTransaction = Type.Object(
  {
    to: described(SolanaAddress, "The bridge's deposit account (vault) the input is paid into: the chain's router."),
    data: Type.String({
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description:
        'The unsigned v0 `VersionedTransaction`, serialized and base64-encoded: compute-budget instructions, the ' +
        "input's transfer into the vault (its associated token account for SPL and Token-2022 tokens, created if " +
        'missing) and a memo of the `txId`. Decode with `VersionedTransaction.deserialize`, sign, send.',
    }),
    value: described(AmountString, 'Lamports moved to `to`: the input bound for SOL, else `"0"`.'),
    chainId: described(ChainId, 'The source chain (Solana).'),
  },
  {
    additionalProperties: false,
    description:
      'The one transaction the user signs on Solana. Fee payer: `sender`, or `solanaSponsor` when given (then both ' +
      "sign). Its recent blockhash comes from the service's Solana node, or is a fixed simulated value when it has " +
      'none (then replace it before signing). Register the signature with `registerTxs` (`vmId: "solana"`).',
    'x-component': 'SolanaTransaction',
  },
)

/** `tx` when the source chain is Bitcoin: an unsigned deposit PSBT. */
export const BitcoinTransaction = Type.Object(
  {
    to: described(BitcoinAddress, "The bridge's vault (THORChain-style inbound address): the deposit's receiver."),
    data: Type.String({
      contentEncoding: 'base64',
      description:
        'The unsigned PSBT (BIP174), base64. Inputs: the sender’s confirmed outputs chosen largest first, each with ' +
        'its `witnessUtxo`. Outputs in order: the vault (`value` sats), the `OP_RETURN` memo (0 sats), the change to ' +
        'the sender when it is at least the dust limit. Sign every input (P2TR: add your `tapInternalKey` first and ' +
        'sign with the tweaked key), finalize, extract and broadcast; then `registerTxs` with the txid.',
    }),
    value: described(AmountString, 'Satoshis paid to the vault: `amountIn` (exact-in) or `amountInMax` (exact-out).'),
    chainId: described(ChainId, 'The source chain (Bitcoin).'),
    memo: Type.String({
      description:
        'The `OP_RETURN` memo as text, THORChain’s swap memo `=:ASSET:DESTINATION:LIMIT`: the destination asset ' +
        '(`CHAIN.SYMBOL` or `CHAIN.SYMBOL-ADDRESS`), the recipient, and `amountOutMin` in the destination token’s ' +
        'smallest units.',
      examples: ['=:ETH.ETH:0x8ba1f109551bD432803012645Ac136ddd64DBA72:31204705839712345'],
    }),
    fee: described(AmountString, 'Satoshis left to the miner: the inputs less the outputs.'),
    feeRate: described(AmountString, 'Satoshis per virtual byte the fee was computed at (the snapshot’s rate).'),
    vsize: Type.Integer({
      minimum: 1,
      description: 'Virtual bytes of the signed transaction, at most (signatures counted at their largest).',
    }),
  },
  {
    additionalProperties: false,
    description:
      'The transaction of a Bitcoin source chain: a PSBT paying the vault, with the swap memo and the change. The ' +
      'fee is `vsize` × `feeRate` (more when a change below the dust limit is left to the miner).',
    'x-component': 'BitcoinTransaction',
  },
)
/** `tx` when the source chain is Bitcoin. */
export type BitcoinTransaction = Static<typeof BitcoinTransaction>

const SpotSendMessage = {
  hyperliquidChain: Type.Literal('Mainnet'),
  destination: Type.String({ pattern: '^0x[0-9a-f]{40}$', description: "The bridge's address, lower case." }),
  token: Type.String({
    description: 'Hyperliquid spot token, `NAME:tokenId`.',
    examples: ['USDC:0x6d1e7cde53ba9467b783cb7c530ce054'],
  }),
  amount: Type.String({
    pattern: '^[0-9]+(\\.[0-9]+)?$',
    description: 'Whole tokens: the input bound (`amountIn`, exact-out `amountInMax`) at the token’s decimals.',
  }),
  time: Type.Integer({ minimum: 0, description: 'Milliseconds; the action’s nonce (the quote’s deadline).' }),
}

/** `tx` when the source chain is HyperCore: a Hyperliquid spot send to sign as EIP-712 typed data. */
export const HypercoreTransaction = Type.Object(
  {
    to: described(EvmAddress, "The bridge's HyperCore address."),
    data: described(Hex, 'The EIP-712 hash of `typedData`: what the signature covers.'),
    value: described(AmountString, 'The amount sent, in the token’s smallest units (`action.amount` unscaled).'),
    chainId: described(ChainId, 'The source chain (HyperCore).'),
    typedData: Type.Object(
      {
        domain: Type.Object(
          {
            name: Type.Literal('HyperliquidSignTransaction'),
            version: Type.Literal('1'),
            chainId: Type.Integer({ description: 'Equals `action.signatureChainId` (42161, Arbitrum One).' }),
            verifyingContract: Type.Literal('0x0000000000000000000000000000000000000000'),
          },
          { additionalProperties: false },
        ),
        types: Type.Object(
          {
            'HyperliquidTransaction:SpotSend': Type.Array(
              Type.Object({ name: Type.String(), type: Type.String() }, { additionalProperties: false }),
            ),
          },
          { additionalProperties: false, description: 'viem’s shape: the `EIP712Domain` type is implied.' },
        ),
        primaryType: Type.Literal('HyperliquidTransaction:SpotSend'),
        message: Type.Object(SpotSendMessage, { additionalProperties: false }),
      },
      {
        additionalProperties: false,
        description: 'Sign with `eth_signTypedData_v4` (viem `signTypedData`); `time` is a `uint64`.',
      },
    ),
    action: Type.Object(
      { type: Type.Literal('spotSend'), signatureChainId: Type.Literal('0xa4b1'), ...SpotSendMessage },
      {
        additionalProperties: false,
        description:
          'Post `{ action, nonce: action.time, signature: { r, s, v } }` to Hyperliquid’s `POST /exchange`; then ' +
          '`registerTxs` with the transfer’s hash (`vmId` `hypercore`).',
      },
    ),
  },
  {
    additionalProperties: false,
    description: 'The transaction of a HyperCore source chain: a `spotSend` of the input to the bridge.',
    'x-component': 'HypercoreTransaction',
  },
)
/** `tx` when the source chain is HyperCore. */
export type HypercoreTransaction = Static<typeof HypercoreTransaction>
