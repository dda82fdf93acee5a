/** Real mainnet addresses the service tests quote with (all present in the default fixture). */
export const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
export const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
export const ARB_WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
export const OP_USDT = '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'
export const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
