/**
 * Types of the crossroute HTTP API, generated from its OpenAPI document (`buildOpenApiDocument()`, served at
 * `GET /api/openapi.json`) by openapi-typescript. Do not edit: run `npx tsx service/client/generate.ts`.
 */

export interface paths {
    "/getAction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quote a swap, bridge or contract call, with the transaction to sign
         * @description Finds the best routes from `srcToken` on `srcChainId` to `dstToken` on `dstChainId` over pools and bridge lanes (at most 3 pools per chain, at most 2 bridge lanes), computes every figure of the action response, builds the router transaction and records the quote under a new `txId` (SPEC §4.1).
         *
         *     Parameters: an empty value (`name=`) counts as absent; a single-valued parameter given twice gets 400 `INVALID_PARAMETER`; parameters of another action type are refused (400 `INVALID_PARAMETER`), never ignored; unknown parameters are ignored.
         *
         *     Checks, in order: path and method (404, 405), `x-api-key` (401), compliance (403), then the parameters — `actionType`, the always-required ones, features not supported yet, formats, the action type's own rules — and finally routing (400).
         *
         *     **Not supported yet** (400 `INVALID_PARAMETER`): `actionType=venue` and its parameters, `gasless=true`, `returnDepositAddress=true`, `solanaSponsor`, and non-EVM source chains (Solana, Bitcoin, Tron, HyperCore; they may be destinations).
         */
        get: operations["getAction"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * The methods of this path
         * @description Answered before authentication: `204` with an `Allow` header.
         */
        options: operations["optionsGetAction"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registerTxs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register transactions for status tracking and history
         * @description Registers the source transactions that execute quotes (SPEC §4.2; mandatory for non-EVM transactions). The body is one registration object or an array of 1 to 100; the answer is always an array with one result per item, **in the order of the request**. Items are checked one by one (see `RegistrationResult.code`): the `txId` must be a quote of your organization, `vmId` and `chainId` its source VM and chain, `txHash` well-formed for `vmId`. (Quotes have EVM sources only so far, so in practice `vmId` is `evm`; the other VMs' hash formats are checked already.)
         *
         *     Idempotent: the same `txId` with the same hash again is a success and changes nothing. A different hash for a registered `txId`, or a hash already registered for another `txId`, is an error result. A registration moves the quote to `pending`; the status tracker takes it from there.
         *
         *     Durable: the answer is sent after the registrations are committed and synced to disk (SQLite WAL with `synchronous=FULL`): an acknowledged registration survives a crash of the service or of the machine.
         *
         *     Whole-request errors (400 `INVALID_PARAMETER`, `details.parameter` `body`): a content type other than `application/json`, an empty or malformed body, a body that is neither an object nor an array, an empty array, more than 100 items.
         */
        post: operations["registerTxs"];
        delete?: never;
        /**
         * The methods of this path
         * @description Answered before authentication: `204` with an `Allow` header.
         */
        options: operations["optionsRegisterTxs"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/getStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and details of one transaction
         * @description One transaction of your organization (SPEC §4.3), by `txId`, or by the source transaction's `txHash` (optionally on `chainId`). Unknown, or another organization's: 404 `NOT_FOUND`, the same answer either way. A quote not registered yet answers `status: pending` with no source transaction; see `TransactionDetails.status`.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * The methods of this path
         * @description Answered before authentication: `204` with an `Allow` header.
         */
        options: operations["optionsGetStatus"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/getTransactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transaction history of your organization
         * @description The registered transactions of your organization (SPEC §4.4), newest registration first (ties: the later quote first), filtered by app, wallet, chain and registration time, in pages. Quotes never registered are not listed. All filters must hold. Pages are counted on the current data: a transaction registered meanwhile shifts later pages by one.
         */
        get: operations["getTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * The methods of this path
         * @description Answered before authentication: `204` with an `Allow` header.
         */
        options: operations["optionsGetTransactions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answered by a worker, so a 200 also proves that the worker pool serves requests. Needs no API key.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * The methods of this path
         * @description Answered before authentication: `204` with an `Allow` header.
         */
        options: operations["optionsHealth"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI 3.1 document of the service. Needs no API key.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        /**
         * The methods of this path
         * @description Answered before authentication: `204` with an `Allow` header.
         */
        options: operations["optionsOpenApiDocument"];
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Chain identifier. EVM chains use their EIP-155 ids (1, 10, 56, 137, 8453, 42161, 43114, HyperEVM 999); the others the numbering most aggregators use: Solana 1151111081099710, Bitcoin 20000000000001, Tron 728126428, HyperCore 1337.
         * @example 42161
         */
        ChainId: number;
        /**
         * @description Integer amount in the token's smallest unit, as a decimal string (SPEC §2.1); at most 2^256 − 1.
         * @example 1000000000
         */
        AmountString: string;
        /**
         * @description Hex data (calldata): `0x` followed by whole bytes; `0x` alone is empty data.
         * @example 0xa9059cbb
         */
        Hex: string;
        /**
         * @description EVM (and HyperCore) address: `0x` and 40 hex digits; mixed case only with a valid EIP-55 checksum. The zero address is the native token.
         * @example 0x8ba1f109551bD432803012645Ac136ddd64DBA72
         */
        EvmAddress: string;
        /**
         * @description Solana address: base58 of a 32-byte public key. `11111111111111111111111111111111` is the native token (SOL).
         * @example EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v
         */
        SolanaAddress: string;
        /**
         * @description Bitcoin mainnet address: P2PKH, P2SH (base58check), P2WPKH, P2WSH or P2TR (bech32/bech32m).
         * @example bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5
         */
        BitcoinAddress: string;
        /**
         * @description Tron address: base58check of 21 bytes starting 0x41. `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` is the native token (TRX).
         * @example TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t
         */
        TronAddress: string;
        /** @description An address in the format of its chain's VM (SPEC §2.1; `EvmAddress`, `SolanaAddress`, `BitcoinAddress`, `TronAddress`): which VM is given by the chain id next to it. Wallet fields (`sender`, `recipient`, `refundTo`) never accept a native-token sentinel. */
        Address: string;
        /** @description A token's address on its chain (`Address`), or the chain's native-token sentinel: the zero address on EVM chains and HyperCore, `11111111111111111111111111111111` on Solana, `bitcoin` on Bitcoin, `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` on Tron. */
        TokenAddress: string;
        /**
         * @description A bridge protocol (SPEC §2.1; the complete list this service knows).
         * @enum {string}
         */
        BridgeId: "optimism" | "layerZero" | "stargate" | "cctp" | "across" | "relay" | "debridge" | "thorchain";
        /**
         * @description VM of a chain (SPEC §2.1): Bitcoin and Tron are `alt-vm`.
         * @enum {string}
         */
        VmId: "evm" | "solana" | "alt-vm" | "hypercore";
        /**
         * @description `exact-amount-in`: `amount` is what is paid in; `exact-amount-out`: `amount` is what must arrive.
         * @enum {string}
         */
        SwapDirection: "exact-amount-in" | "exact-amount-out";
        /** @description An application fee: `bps` of the gross input, paid in the source token to `receiverAddress`. */
        AppFee: {
            /** @description Fee in bps of the gross input. */
            bps: number;
            /** @description Receives the fee, on the source chain. */
            receiverAddress: string;
        };
        /** @description An amount of a token, with the token (SPEC §2.2). `amount` is exact (smallest units); `usdAmount` is a display figure at the snapshot prices. */
        TokenAmount: {
            chainId: components["schemas"]["ChainId"];
            address: components["schemas"]["TokenAddress"];
            name: string;
            symbol: string;
            decimals: number;
            /** @description Whether `address` is the native-token sentinel of the chain. */
            isNative: boolean;
            amount: components["schemas"]["AmountString"];
            /** @description URL of the token's logo. */
            logo: string;
            /** @description The token's service code (usually its symbol). */
            svcCode: string;
            /** @description USD value of `amount` at the snapshot prices. */
            usdAmount: number;
        };
        BridgeRouteEntry: {
            srcChainId: components["schemas"]["ChainId"];
            dstChainId: components["schemas"]["ChainId"];
            /** @description Token the lane takes, on `srcChainId`. */
            srcBridgeToken: components["schemas"]["TokenAddress"];
            /** @description Token the lane delivers, on `dstChainId`. */
            dstBridgeToken: components["schemas"]["TokenAddress"];
            bridgeId: components["schemas"]["BridgeId"];
        };
        /** @description *Extension* (not in the SPEC): one hop of the route as executed, in order. Pools and bridge lanes carry their snapshot id and fee; wrap/unwrap hops (native token ⇄ its wrapped form, 1:1) carry neither. */
        RouteStep: {
            /** @enum {string} */
            type: "swap" | "bridge" | "wrap" | "unwrap";
            /** @description Chain the hop starts on. */
            chainId: components["schemas"]["ChainId"];
            /**
             * @description Pool protocol (`uniswap-v3`, …), the bridge id, or `wrap`.
             * @example uniswap-v3
             */
            protocol: string;
            /** @description Pool or lane id in the snapshot; absent for wrap/unwrap. */
            id?: string;
            /** @description Pool address, where the snapshot has one. */
            address?: string;
            /** @description On `chainId`. */
            tokenIn: components["schemas"]["TokenAddress"];
            /** @description On `dstChainId`. */
            tokenOut: components["schemas"]["TokenAddress"];
            /** @description Chain of `tokenOut`: differs from `chainId` only for bridge hops. */
            dstChainId: components["schemas"]["ChainId"];
            amountIn: components["schemas"]["AmountString"];
            amountOut: components["schemas"]["AmountString"];
            /** @description Fee in pips (1e-6): a V3 pool fee, V2 bps × 100, Curve fee / 1e4, a lane fee bps × 100. */
            feePips?: number;
        };
        /** @description One route with every figure of the action response except the transaction (`tx`, `txId`) and `requiresTokenApproval`. */
        RouteQuote: {
            /** @description VM of the source chain. */
            vmId: components["schemas"]["VmId"];
            /** @description Gross input, fees included. Exact-in: the requested amount. Exact-out: the smallest input that delivers `amountOut`. */
            amountIn: components["schemas"]["TokenAmount"];
            /** @description Most the router takes. Exact-in: = `amountIn`. Exact-out: ceil(amountIn × (10000 + slippage) / 10000). */
            amountInMax: components["schemas"]["TokenAmount"];
            /** @description Quoted output. Exact-out: the requested amount (a request below what a lane's minimum input delivers is refused with `AMOUNT_TOO_LOW`, `minAmount` the smallest amount that quotes). */
            amountOut: components["schemas"]["TokenAmount"];
            /** @description Least delivered, else the transaction reverts. Exact-in: floor(amountOut × (10000 − slippage) / 10000). Exact-out: = `amountOut`. */
            amountOutMin: components["schemas"]["TokenAmount"];
            /** @description In the source token: ceil(amountIn × protocol bps / 10000). */
            protocolFee: components["schemas"]["TokenAmount"];
            /** @description In the source token: the sum of `appFees`, each ceil(amountIn × bps / 10000). */
            applicationFee: components["schemas"]["TokenAmount"];
            /** @description Lane fees (flat + bps) in the first lane's source token; zero, in the source token, for same-chain routes. */
            bridgeFee: components["schemas"]["TokenAmount"];
            /** @description *Extension*: the route's estimated gas, in the source chain's native token (other chains' gas converted at snapshot prices): the source transaction (`swapGasUnits` × `gasPrice` of the chain for a router call with one action, half as much again per further pool or bridge deposit), plus destination transactions no lane fee pays for (a CCTP mint, an OP withdrawal proof and finalisation) and the swaps run after a bridge. Not deducted from `amountOut`; routes are ranked net of it (exact-in: output value minus it; exact-out: input value plus it). */
            networkFee: components["schemas"]["TokenAmount"];
            /** @description amountOut / amountIn in whole tokens (a display figure). */
            exchangeRate: number;
            /** @description Seconds: source block time, plus each lane's estimated time, plus the destination block time when bridging. */
            estimatedTxTime: number;
            /** @description Percent (0.25 = 0.25%) by which the pools and swapping lanes execute below their mid prices; bridge fees excluded. */
            estimatedPriceImpact: number;
            /** @description Whether the transaction must be registered with `POST /registerTxs` (non-EVM source chains). */
            requiresRegisterTransaction: boolean;
            /** @description Bridges used, in order of first use. */
            bridgeIds: components["schemas"]["BridgeId"][];
            /** @description The lanes used, in order (at most 2). */
            bridgeRoute: components["schemas"]["BridgeRouteEntry"][];
            /** @description *Extension*: the hops of the route, in order. */
            steps: components["schemas"]["RouteStep"][];
        };
        /** @description The one transaction the user signs: a call of the source chain's crossroute router (`swap`, or `swapAndCall` for `evm-calldata-tx`). When `requiresTokenApproval` is true, the router must first be approved for `amountInMax` of the source token. */
        Transaction: {
            /** @description The source chain's router. */
            to: components["schemas"]["EvmAddress"];
            /** @description ABI-encoded router call; every figure in it is the quote's figure. */
            data: components["schemas"]["Hex"];
            /** @description Wei sent with the call: the input bound for a native source token, else `"0"`. */
            value: components["schemas"]["AmountString"];
            /** @description The source chain. */
            chainId: components["schemas"]["ChainId"];
        };
        /** @description The action response (SPEC §2.4): the best route's figures, the transaction that executes it, and all routes. `executions` (gasless) and a deposit address (`returnDepositAddress`) are not produced: both options are not supported yet. */
        ActionResponse: {
            tx: components["schemas"]["Transaction"];
            /** @description Unique id of this quote (32 random bytes), for registration and status; also the router call's `bytes32 txId`. */
            txId: string;
            /** @description VM of the source chain. */
            vmId: components["schemas"]["VmId"];
            /** @description Gross input, fees included. Exact-in: the requested amount. Exact-out: the smallest input that delivers `amountOut`. */
            amountIn: components["schemas"]["TokenAmount"];
            /** @description Most the router takes. Exact-in: = `amountIn`. Exact-out: ceil(amountIn × (10000 + slippage) / 10000). */
            amountInMax: components["schemas"]["TokenAmount"];
            /** @description Quoted output. Exact-out: the requested amount (a request below what a lane's minimum input delivers is refused with `AMOUNT_TOO_LOW`, `minAmount` the smallest amount that quotes). */
            amountOut: components["schemas"]["TokenAmount"];
            /** @description Least delivered, else the transaction reverts. Exact-in: floor(amountOut × (10000 − slippage) / 10000). Exact-out: = `amountOut`. */
            amountOutMin: components["schemas"]["TokenAmount"];
            /** @description In the source token: ceil(amountIn × protocol bps / 10000). */
            protocolFee: components["schemas"]["TokenAmount"];
            /** @description In the source token: the sum of `appFees`, each ceil(amountIn × bps / 10000). */
            applicationFee: components["schemas"]["TokenAmount"];
            /** @description Lane fees (flat + bps) in the first lane's source token; zero, in the source token, for same-chain routes. */
            bridgeFee: components["schemas"]["TokenAmount"];
            /** @description *Extension*: the route's estimated gas, in the source chain's native token (other chains' gas converted at snapshot prices): the source transaction (`swapGasUnits` × `gasPrice` of the chain for a router call with one action, half as much again per further pool or bridge deposit), plus destination transactions no lane fee pays for (a CCTP mint, an OP withdrawal proof and finalisation) and the swaps run after a bridge. Not deducted from `amountOut`; routes are ranked net of it (exact-in: output value minus it; exact-out: input value plus it). */
            networkFee: components["schemas"]["TokenAmount"];
            /** @description amountOut / amountIn in whole tokens (a display figure). */
            exchangeRate: number;
            /** @description Seconds: source block time, plus each lane's estimated time, plus the destination block time when bridging. */
            estimatedTxTime: number;
            /** @description Percent (0.25 = 0.25%) by which the pools and swapping lanes execute below their mid prices; bridge fees excluded. */
            estimatedPriceImpact: number;
            /** @description Whether the transaction must be registered with `POST /registerTxs` (non-EVM source chains). */
            requiresRegisterTransaction: boolean;
            /** @description Bridges used, in order of first use. */
            bridgeIds: components["schemas"]["BridgeId"][];
            /** @description The lanes used, in order (at most 2). */
            bridgeRoute: components["schemas"]["BridgeRouteEntry"][];
            /** @description *Extension*: the hops of the route, in order. */
            steps: components["schemas"]["RouteStep"][];
            /** @description Whether the router must be approved for the source token (an ERC-20 on an EVM chain). */
            requiresTokenApproval: boolean;
            /** @description The best routes, best first, one per distinct path: ranked net of `networkFee` (exact-in: most out after network cost; exact-out: least in plus network cost), without routes over `maxPriceImpact` and without detours (a route through the tokens of a better one, in the same order, with hops added, that delivers no more or needs no less). The first is the route of the top-level figures. */
            allRoutes: components["schemas"]["RouteQuote"][];
        };
        HealthResponse: {
            /** @constant */
            status: "ok";
        };
        /** @description An OpenAPI 3.1 document (this one). */
        OpenApiDocument: {
            openapi: string;
            info: Record<string, never>;
            paths: Record<string, never>;
        };
        /** @description The `getAction` request as validated and stored with the quote (SPEC §2.3): numbers as numbers, `appFees` the fees in force (the request's, or the API key's defaults), `erc20Spender` defaulted to `to`. Parameters that were absent are absent. */
        ActionRequest: {
            /** @enum {string} */
            actionType: "swap-action" | "evm-calldata-tx";
            sender: components["schemas"]["Address"];
            srcChainId: components["schemas"]["ChainId"];
            srcToken: components["schemas"]["TokenAddress"];
            dstChainId: components["schemas"]["ChainId"];
            dstToken: components["schemas"]["TokenAddress"];
            /** @description Basis points. */
            slippage: number;
            recipient?: components["schemas"]["Address"];
            refundTo?: components["schemas"]["Address"];
            bridgeIds?: components["schemas"]["BridgeId"][];
            appFees: {
                bps: number;
                receiverAddress: string;
            }[];
            /** @description Percent, when the request gave one. */
            maxPriceImpact?: number;
            amount?: components["schemas"]["AmountString"];
            swapDirection?: components["schemas"]["SwapDirection"];
            to?: components["schemas"]["EvmAddress"];
            data?: components["schemas"]["Hex"];
            value?: components["schemas"]["AmountString"];
            erc20Amount?: components["schemas"]["AmountString"];
            erc20Spender?: components["schemas"]["EvmAddress"];
        };
        /** @description One hop of the executed route, in order, as the status tracker observed it. */
        TxPathEntry: {
            chainId: components["schemas"]["ChainId"];
            /** @description The hop's transaction on `chainId`. */
            txHash: string;
            /** @description Unix seconds of the hop's block, as decimal digits. */
            timestamp: string;
            /** @description Bridge id of the next hop; `""` at the last hop. */
            nextBridge: string;
        };
        PaymentToken: {
            name: string;
            symbol: string;
            decimals: number;
            amount: components["schemas"]["AmountString"];
            address: components["schemas"]["TokenAddress"];
            chainId: components["schemas"]["ChainId"];
            isNative: boolean;
            /** @description USD value of `amount` at the quote's prices. */
            usdAmount: number;
        };
        /** @description A transaction of the route on one chain (SPEC §2.5 `srcTx`, `dstTx`). */
        ChainTransaction: {
            /** @description `srcTx`: the router called (`tx.to`). `dstTx`: who received the output — `recipient`, else `sender`; the called contract `to` for `evm-calldata-tx`. */
            toAddress: string;
            txHash: string;
            chainId: components["schemas"]["ChainId"];
            /** @description `srcTx`: native wei sent with the call (the quote's `tx.value` until the tracker reports the real one). `dstTx`: the native amount delivered when the output token is native, else `"0"`. */
            value: components["schemas"]["AmountString"];
            /** @description Unix seconds: the hop's block time from `txPath` when tracked; until then the registration time (`srcTx`) or the last update (`dstTx`). */
            timestamp: number;
            /** @description `srcTx`: `amountIn` of the quote. `dstTx`: `amountOut`, with the delivered amount once the tracker reports it (its `usdAmount` scaled to it). */
            paymentToken: components["schemas"]["PaymentToken"];
            /** @description Only when `status` is `failed` and the reason is known. */
            revertReason?: string;
        };
        /** @description A transaction (SPEC §2.5): the answer of `getStatus`, an element of `getTransactions`' `txs`. `workflow` is never present: venue orders are not supported yet. */
        TransactionDetails: {
            /**
             * @description SPEC §2.5. A quote not registered yet answers `pending` with `srcTxHash: ""` and `srcTx: null` (its transaction may be on its way). *Extension*: `expired` — a quote never registered within its time to live (`QUOTE_TTL_SECONDS`, default 1800 s, the router's deadline); only `getStatus` by `txId` can show it, since history lists registered transactions only. A late registration of an expired quote is still accepted.
             * @enum {string}
             */
            status: "pending" | "success" | "requires refund" | "refunded" | "failed" | "expired";
            /** @description The `sender` of the quote, as it was sent. */
            sender: components["schemas"]["Address"];
            srcChainId: components["schemas"]["ChainId"];
            dstChainId: components["schemas"]["ChainId"];
            /** @description The registered source transaction (hex hashes in lower case); `""` before registration. */
            srcTxHash: string;
            /** @description The destination transaction once the tracker has seen it; `""` until then. */
            dstTxHash: string;
            bridgeDetails: {
                /** @description Whether the source and destination chains differ. */
                isBridge: boolean;
                /** @description Seconds. `0` for a same-chain swap. For a bridge: the real time from the first to the last hop of `txPath` once `success`, otherwise the quote's estimate (`actionResponse.estimatedTxTime`). */
                bridgeTime: number;
                /** @description Hops observed so far, in order; `[]` until the tracker has seen one. */
                txPath: components["schemas"]["TxPathEntry"][];
            };
            txId: string;
            actionRequest: components["schemas"]["ActionRequest"];
            /** @description The `getAction` response, exactly as it was answered. */
            actionResponse: components["schemas"]["ActionResponse"];
            /** @description The app whose API key made the quote. */
            org: {
                appId: string;
                affiliateId: string;
                appName: string;
            };
            /** @description `actionResponse.amountIn.usdAmount`. */
            usdValue: number | null;
            /** @description The source transaction, once registered; `null` before. */
            srcTx: components["schemas"]["ChainTransaction"] | null;
            /** @description The destination transaction, once the tracker has seen it; `null` before. */
            dstTx: components["schemas"]["ChainTransaction"] | null;
        };
        /** @description One transaction to register (SPEC §4.2). Other keys are ignored. */
        Registration: {
            /** @description The `txId` of the `getAction` response the transaction executes. */
            txId: string;
            /** @description VM of the source chain; must be the quote's (`actionResponse.vmId`): `evm`, `solana`, `alt-vm` (Bitcoin, Tron), `hypercore`. */
            vmId: components["schemas"]["VmId"];
            /** @description The source transaction, in the format of `vmId`: `evm` and `hypercore` `0x` + 64 hex digits; `alt-vm` (Bitcoin txid, Tron transaction id) 64 hex digits without `0x`; `solana` the base58 transaction signature (64 bytes, 64–88 characters). Hex is case-insensitive (stored in lower case). */
            txHash: string;
            /** @description Chain of the transaction: must be the quote's source chain (`srcChainId`). */
            chainId: components["schemas"]["ChainId"];
        };
        /** @description One registration object, or an array of 1 to 100. */
        RegistrationRequest: components["schemas"]["Registration"] | components["schemas"]["Registration"][];
        /** @description The result of one registration (SPEC §4.2), at the index of its item in the request. */
        RegistrationResult: {
            /** @description `true` when the transaction is registered — now, or already with this same hash (a retry is safe). */
            success: boolean;
            /** @description Why not, for people; `null` on success. */
            error: string | null;
            /** @description *Extension*: why not, to branch on; `null` on success. `MISSING_REQUIRED_FIELD` a field absent; `INVALID_PARAMETER` a field of the wrong type or format (`txHash` checked against `vmId`); `NOT_FOUND` no quote with this `txId` in your organization (another organization's `txId` gets the same); `VM_MISMATCH` / `CHAIN_MISMATCH` `vmId` / `chainId` are not the quote's source VM / chain; `TX_HASH_CONFLICT` the `txId` is already registered with another hash; `TX_HASH_IN_USE` the hash is already registered for another `txId`. */
            code: ("MISSING_REQUIRED_FIELD" | "INVALID_PARAMETER" | "NOT_FOUND" | "VM_MISMATCH" | "CHAIN_MISMATCH" | "TX_HASH_CONFLICT" | "TX_HASH_IN_USE") | null;
        };
        /** @description One result per registration, in the order of the request (one for a single object). */
        RegistrationResults: components["schemas"]["RegistrationResult"][];
        TransactionHistory: {
            /** @description Newest registration first. */
            txs: components["schemas"]["TransactionDetails"][];
            pagination: {
                page: number;
                limit: number;
                /** @description Transactions matching the filters, over all pages. */
                total: number;
                /** @description ceil(total / limit); `0` when nothing matches. */
                totalPages: number;
            };
        };
        /** @description `AMOUNT_TOO_HIGH` (HTTP 400): Amount too high. */
        AmountTooHighError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "AMOUNT_TOO_HIGH";
            /** @constant */
            name: "AmountTooHighError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Amount too high */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                srcToken: string;
                dstToken: string;
                srcChainId: components["schemas"]["ChainId"];
                dstChainId: components["schemas"]["ChainId"];
                /** @description Largest accepted amount, in the units of `amount` (approximate above 2^53; the message has the exact figure). */
                maxAmount: number;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `AMOUNT_TOO_LOW` (HTTP 400): Amount too low. */
        AmountTooLowError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "AMOUNT_TOO_LOW";
            /** @constant */
            name: "AmountTooLowError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Amount too low */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                srcToken: string;
                dstToken: string;
                srcChainId: components["schemas"]["ChainId"];
                dstChainId: components["schemas"]["ChainId"];
                /** @description Smallest accepted amount, in the units of `amount`. */
                minAmount: number;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `CROSS_VM_RECEIVER_REQUIRED` (HTTP 400): Recipient required across VMs. */
        CrossVmReceiverRequiredError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "CROSS_VM_RECEIVER_REQUIRED";
            /** @constant */
            name: "CrossVmReceiverRequiredError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Recipient required across VMs */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                srcChainId: components["schemas"]["ChainId"];
                dstChainId: components["schemas"]["ChainId"];
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `EXCESSIVE_FEE` (HTTP 400): Excessive fee. No `details`. */
        ExcessiveFeeError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "EXCESSIVE_FEE";
            /** @constant */
            name: "ExcessiveFeeError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Excessive fee */
            title: string;
            /** @constant */
            statusCode: 400;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INSUFFICIENT_LIQUIDITY` (HTTP 400): Insufficient liquidity. No `details`. */
        InsufficientLiquidityError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INSUFFICIENT_LIQUIDITY";
            /** @constant */
            name: "InsufficientLiquidityError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Insufficient liquidity */
            title: string;
            /** @constant */
            statusCode: 400;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_ADDRESS_FORMAT` (HTTP 400): Invalid address format. */
        InvalidAddressError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INVALID_ADDRESS_FORMAT";
            /** @constant */
            name: "InvalidAddressError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid address format */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                /** @description The parameter holding the address (`sender`, `recipient`, `appFees`, …). */
                field: string;
                /** @description The address as received. */
                address: string;
                reason: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_AMOUNT_ZERO` (HTTP 400): Invalid amount. No `details`. */
        InvalidAmountZeroError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INVALID_AMOUNT_ZERO";
            /** @constant */
            name: "InvalidAmountZeroError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid amount */
            title: string;
            /** @constant */
            statusCode: 400;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_DESTINATION_TOKEN` (HTTP 400): Invalid destination token. No `details`. */
        InvalidDstTokenError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INVALID_DESTINATION_TOKEN";
            /** @constant */
            name: "InvalidDstTokenError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid destination token */
            title: string;
            /** @constant */
            statusCode: 400;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_PARAMETER` (HTTP 400): Invalid parameter. */
        InvalidParameterError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INVALID_PARAMETER";
            /** @constant */
            name: "InvalidParameterError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid parameter */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                /** @description The parameter (`slippage`, `bridgeIds`, …). */
                parameter: string;
                /** @description The value as received (repeated values joined with `,`). */
                value: string;
                reason: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_SOURCE_TOKEN` (HTTP 400): Invalid source token. No `details`. */
        InvalidSrcTokenError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INVALID_SOURCE_TOKEN";
            /** @constant */
            name: "InvalidSrcTokenError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid source token */
            title: string;
            /** @constant */
            statusCode: 400;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `MISSING_REQUIRED_FIELD` (HTTP 400): Missing required field. */
        MissingRequiredFieldError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "MISSING_REQUIRED_FIELD";
            /** @constant */
            name: "MissingRequiredFieldError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Missing required field */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                field: string;
                /**
                 * @description What made it required: `getAction` (always), `swap-action`, `evm-calldata-tx`, …
                 * @example swap-action
                 */
                context: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `NO_AVAILABLE_ROUTE` (HTTP 400): No available route. */
        NoAvailableRouteError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "NO_AVAILABLE_ROUTE";
            /** @constant */
            name: "NoAvailableRouteError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example No available route */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                srcChainId: components["schemas"]["ChainId"];
                dstChainId: components["schemas"]["ChainId"];
                srcToken: string;
                dstToken: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `PRICE_IMPACT_TOO_HIGH` (HTTP 400): Price impact too high. */
        PriceImpactTooHighError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "PRICE_IMPACT_TOO_HIGH";
            /** @constant */
            name: "PriceImpactTooHighError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Price impact too high */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                /** @description The least price impact (percent) among the routes that carry the amount. */
                estimatedPriceImpact: number;
                /** @description The limit in force (percent): the request's `maxPriceImpact`, or its default. */
                maxPriceImpact: number;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `UNSUPPORTED_NETWORK` (HTTP 400): Unsupported network. */
        UnsupportedNetworkError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "UNSUPPORTED_NETWORK";
            /** @constant */
            name: "UnsupportedNetworkError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Unsupported network */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                chainId: components["schemas"]["ChainId"];
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `UNSUPPORTED_NETWORK_PAIR` (HTTP 400): Unsupported network pair. */
        UnsupportedNetworkPairError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "UNSUPPORTED_NETWORK_PAIR";
            /** @constant */
            name: "UnsupportedNetworkPairError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Unsupported network pair */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                srcChainId: components["schemas"]["ChainId"];
                dstChainId: components["schemas"]["ChainId"];
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `UNSUPPORTED_NETWORK_TOKEN_PAIR` (HTTP 400): Unsupported network and token pair. */
        UnsupportedNetworkAndTokenPairError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "UNSUPPORTED_NETWORK_TOKEN_PAIR";
            /** @constant */
            name: "UnsupportedNetworkAndTokenPairError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Unsupported network and token pair */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                srcChainId: components["schemas"]["ChainId"];
                srcToken: string;
                dstChainId: components["schemas"]["ChainId"];
                dstToken: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `UNSUPPORTED_SWAP_DIRECTION` (HTTP 400): Unsupported swap direction. */
        UnsupportedSwapDirectionError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "UNSUPPORTED_SWAP_DIRECTION";
            /** @constant */
            name: "UnsupportedSwapDirectionError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Unsupported swap direction */
            title: string;
            /** @constant */
            statusCode: 400;
            details: {
                swapDirection: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_API_KEY` (HTTP 401): Invalid API key. No `details`. */
        InvalidApiKeyError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INVALID_API_KEY";
            /** @constant */
            name: "InvalidApiKeyError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid API key */
            title: string;
            /** @constant */
            statusCode: 401;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `MISSING_API_KEY` (HTTP 401): Missing API key. No `details`. */
        MissingApiKeyError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "MISSING_API_KEY";
            /** @constant */
            name: "MissingApiKeyError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Missing API key */
            title: string;
            /** @constant */
            statusCode: 401;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `GEO_BLOCKED` (HTTP 403): Region blocked. */
        GeoBlockingError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "GEO_BLOCKED";
            /** @constant */
            name: "GeoBlockingError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Region blocked */
            title: string;
            /** @constant */
            statusCode: 403;
            details: {
                /**
                 * @description ISO 3166-1 alpha-2 code from the trusted country header.
                 * @example KP
                 */
                countryCode: string;
                countryName: string;
                reason: string;
                /** Format: date-time */
                blockedAt: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `WALLET_SCREENED` (HTTP 403): Wallet screened. */
        WalletScreeningError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "WALLET_SCREENED";
            /** @constant */
            name: "WalletScreeningError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Wallet screened */
            title: string;
            /** @constant */
            statusCode: 403;
            details: {
                walletAddress: string;
                chainId: components["schemas"]["ChainId"];
                riskLevel: string;
                reason: string;
                /** Format: date-time */
                screenedAt: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `METHOD_NOT_ALLOWED` (HTTP 405): Method not allowed. */
        MethodNotAllowedError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "METHOD_NOT_ALLOWED";
            /** @constant */
            name: "MethodNotAllowedError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Method not allowed */
            title: string;
            /** @constant */
            statusCode: 405;
            details: {
                /** @example POST */
                method: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `NOT_FOUND` (HTTP 404): Not found. `details` may be absent. */
        NotFoundError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "NOT_FOUND";
            /** @constant */
            name: "NotFoundError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Not found */
            title: string;
            /** @constant */
            statusCode: 404;
            details?: {
                /** @description The path requested. */
                path: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `PAYLOAD_TOO_LARGE` (HTTP 413): Payload too large. */
        PayloadTooLargeError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "PAYLOAD_TOO_LARGE";
            /** @constant */
            name: "PayloadTooLargeError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Payload too large */
            title: string;
            /** @constant */
            statusCode: 413;
            details: {
                limitBytes: number;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `SERVICE_UNAVAILABLE` (HTTP 503): Service unavailable. */
        ServiceUnavailableError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "SERVICE_UNAVAILABLE";
            /** @constant */
            name: "ServiceUnavailableError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Service unavailable */
            title: string;
            /** @constant */
            statusCode: 503;
            details: {
                /** @description Same as the `Retry-After` header. */
                retryAfterSeconds: number;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INTERNAL_SERVER_ERROR` (HTTP 500): Internal server error. No `details`. */
        InternalServerError: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "INTERNAL_SERVER_ERROR";
            /** @constant */
            name: "InternalServerError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Internal server error */
            title: string;
            /** @constant */
            statusCode: 500;
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description `INVALID_SNAPSHOT` (HTTP 500): Invalid snapshot. Never answered over HTTP: raised while a worker loads the snapshot, before the service listens: the service refuses to start instead. */
        InvalidSnapshotError: {
            /** @constant */
            code: "INVALID_SNAPSHOT";
            /** @constant */
            name: "InvalidSnapshotError";
            /** @description Human-readable; may change. Branch on `code`, never on the message. */
            message: string;
            /** @example Invalid snapshot */
            title: string;
            /** @constant */
            statusCode: 500;
            details: {
                entry: string;
                reason: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered (ISO 8601, UTC).
             */
            timestamp: string;
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 400: `AMOUNT_TOO_HIGH`, `AMOUNT_TOO_LOW`, `CROSS_VM_RECEIVER_REQUIRED`, `EXCESSIVE_FEE`, `INSUFFICIENT_LIQUIDITY`, `INVALID_ADDRESS_FORMAT`, `INVALID_AMOUNT_ZERO`, `INVALID_DESTINATION_TOKEN`, `INVALID_PARAMETER`, `INVALID_SOURCE_TOKEN`, `MISSING_REQUIRED_FIELD`, `NO_AVAILABLE_ROUTE`, `PRICE_IMPACT_TOO_HIGH`, `UNSUPPORTED_NETWORK`, `UNSUPPORTED_NETWORK_PAIR`, `UNSUPPORTED_NETWORK_TOKEN_PAIR`, `UNSUPPORTED_SWAP_DIRECTION`. */
        ErrorResponse400: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "AMOUNT_TOO_HIGH" | "AMOUNT_TOO_LOW" | "CROSS_VM_RECEIVER_REQUIRED" | "EXCESSIVE_FEE" | "INSUFFICIENT_LIQUIDITY" | "INVALID_ADDRESS_FORMAT" | "INVALID_AMOUNT_ZERO" | "INVALID_DESTINATION_TOKEN" | "INVALID_PARAMETER" | "INVALID_SOURCE_TOKEN" | "MISSING_REQUIRED_FIELD" | "NO_AVAILABLE_ROUTE" | "PRICE_IMPACT_TOO_HIGH" | "UNSUPPORTED_NETWORK" | "UNSUPPORTED_NETWORK_PAIR" | "UNSUPPORTED_NETWORK_TOKEN_PAIR" | "UNSUPPORTED_SWAP_DIRECTION";
                /** @constant */
                statusCode: 400;
            } & (components["schemas"]["AmountTooHighError"] | components["schemas"]["AmountTooLowError"] | components["schemas"]["CrossVmReceiverRequiredError"] | components["schemas"]["ExcessiveFeeError"] | components["schemas"]["InsufficientLiquidityError"] | components["schemas"]["InvalidAddressError"] | components["schemas"]["InvalidAmountZeroError"] | components["schemas"]["InvalidDstTokenError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidSrcTokenError"] | components["schemas"]["MissingRequiredFieldError"] | components["schemas"]["NoAvailableRouteError"] | components["schemas"]["PriceImpactTooHighError"] | components["schemas"]["UnsupportedNetworkError"] | components["schemas"]["UnsupportedNetworkPairError"] | components["schemas"]["UnsupportedNetworkAndTokenPairError"] | components["schemas"]["UnsupportedSwapDirectionError"]);
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 401: `INVALID_API_KEY`, `MISSING_API_KEY`. */
        ErrorResponse401: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "INVALID_API_KEY" | "MISSING_API_KEY";
                /** @constant */
                statusCode: 401;
            } & (components["schemas"]["InvalidApiKeyError"] | components["schemas"]["MissingApiKeyError"]);
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 403: `GEO_BLOCKED`, `WALLET_SCREENED`. */
        ErrorResponse403: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "GEO_BLOCKED" | "WALLET_SCREENED";
                /** @constant */
                statusCode: 403;
            } & (components["schemas"]["GeoBlockingError"] | components["schemas"]["WalletScreeningError"]);
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 404: `NOT_FOUND`. */
        ErrorResponse404: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "NOT_FOUND";
                /** @constant */
                statusCode: 404;
            } & components["schemas"]["NotFoundError"];
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 405: `METHOD_NOT_ALLOWED`. */
        ErrorResponse405: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "METHOD_NOT_ALLOWED";
                /** @constant */
                statusCode: 405;
            } & components["schemas"]["MethodNotAllowedError"];
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 413: `PAYLOAD_TOO_LARGE`. */
        ErrorResponse413: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "PAYLOAD_TOO_LARGE";
                /** @constant */
                statusCode: 413;
            } & components["schemas"]["PayloadTooLargeError"];
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 500: `INTERNAL_SERVER_ERROR`. */
        ErrorResponse500: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "INTERNAL_SERVER_ERROR";
                /** @constant */
                statusCode: 500;
            } & components["schemas"]["InternalServerError"];
        };
        /** @description The error envelope (SPEC §7.1) of HTTP 503: `SERVICE_UNAVAILABLE`. */
        ErrorResponse503: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "SERVICE_UNAVAILABLE";
                /** @constant */
                statusCode: 503;
            } & components["schemas"]["ServiceUnavailableError"];
        };
        /** @description The error envelope of every endpoint (SPEC §7.1), whatever the status. `statusCode` equals the HTTP status; `details` is present for the codes that have them, in the shape of the code's `…Error` schema. */
        ErrorEnvelope: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "AMOUNT_TOO_HIGH" | "AMOUNT_TOO_LOW" | "CROSS_VM_RECEIVER_REQUIRED" | "EXCESSIVE_FEE" | "INSUFFICIENT_LIQUIDITY" | "INVALID_ADDRESS_FORMAT" | "INVALID_AMOUNT_ZERO" | "INVALID_DESTINATION_TOKEN" | "INVALID_PARAMETER" | "INVALID_SOURCE_TOKEN" | "MISSING_REQUIRED_FIELD" | "NO_AVAILABLE_ROUTE" | "PRICE_IMPACT_TOO_HIGH" | "UNSUPPORTED_NETWORK" | "UNSUPPORTED_NETWORK_PAIR" | "UNSUPPORTED_NETWORK_TOKEN_PAIR" | "UNSUPPORTED_SWAP_DIRECTION" | "INVALID_API_KEY" | "MISSING_API_KEY" | "GEO_BLOCKED" | "WALLET_SCREENED" | "METHOD_NOT_ALLOWED" | "NOT_FOUND" | "PAYLOAD_TOO_LARGE" | "SERVICE_UNAVAILABLE" | "INTERNAL_SERVER_ERROR" | "INVALID_SNAPSHOT";
                /** @description The error class name, e.g. `NoAvailableRouteError`. */
                name: string;
                message: string;
                title: string;
                statusCode: number;
                details?: Record<string, never>;
                /** Format: date-time */
                timestamp: string;
            };
        };
    };
    responses: {
        /** @description The request is invalid or cannot be quoted. Codes: `AMOUNT_TOO_HIGH`, `AMOUNT_TOO_LOW`, `CROSS_VM_RECEIVER_REQUIRED`, `EXCESSIVE_FEE`, `INSUFFICIENT_LIQUIDITY`, `INVALID_ADDRESS_FORMAT`, `INVALID_AMOUNT_ZERO`, `INVALID_DESTINATION_TOKEN`, `INVALID_PARAMETER`, `INVALID_SOURCE_TOKEN`, `MISSING_REQUIRED_FIELD`, `NO_AVAILABLE_ROUTE`, `PRICE_IMPACT_TOO_HIGH`, `UNSUPPORTED_NETWORK`, `UNSUPPORTED_NETWORK_PAIR`, `UNSUPPORTED_NETWORK_TOKEN_PAIR`, `UNSUPPORTED_SWAP_DIRECTION`. */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse400"];
            };
        };
        /** @description No API key, or an unknown one (`x-api-key`). Codes: `INVALID_API_KEY`, `MISSING_API_KEY`. */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse401"];
            };
        };
        /** @description Refused by compliance: a blocked country (from the trusted country header the fronting proxy sets, `cf-ipcountry` by default) or a sanctioned wallet (`sender`, `refundTo` on the source chain, `recipient` on the destination). Codes: `GEO_BLOCKED`, `WALLET_SCREENED`. */
        Forbidden: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse403"];
            };
        };
        /** @description No endpoint at this path (any path not in this document). Answered before authentication. Codes: `NOT_FOUND`. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse404"];
            };
        };
        /** @description The path exists, but not for this method; the `Allow` header lists the methods it has. Answered before authentication. Codes: `METHOD_NOT_ALLOWED`. */
        MethodNotAllowed: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse405"];
            };
        };
        /** @description The request body is larger than the limit (`BODY_LIMIT_BYTES`, default 1 MiB). Answered before routing, for any path; the connection is closed. Codes: `PAYLOAD_TOO_LARGE`. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse413"];
            };
        };
        /** @description An unexpected failure; the envelope carries no internals (quote `x-request-id` when reporting it). Codes: `INTERNAL_SERVER_ERROR`. */
        InternalServerError: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse500"];
            };
        };
        /** @description The service is at capacity (its request queue is full): retry after `Retry-After` seconds. Codes: `SERVICE_UNAVAILABLE`. */
        ServiceUnavailable: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse503"];
            };
        };
    };
    parameters: {
        /** @description What to do. `swap-action`: swap and/or bridge `amount` from `srcToken` to `dstToken`. `evm-calldata-tx`: deliver what a contract call on the destination chain needs (`erc20Amount` of `dstToken`, or `value` of its native token), then call `to` with `data`; always quoted exact-amount-out. `venue` (prediction-market orders): **Not supported yet**, 400 `INVALID_PARAMETER`. Any other value: 400 `INVALID_PARAMETER`. */
        "GetAction.actionType": "swap-action" | "evm-calldata-tx" | "venue";
        /** @description The user's wallet on the source chain, in the source chain's address format (400 `INVALID_ADDRESS_FORMAT` otherwise; a native-token sentinel is no wallet). Screened: a sanctioned wallet gets 403 `WALLET_SCREENED`. */
        "GetAction.sender": components["schemas"]["Address"];
        /** @description Source chain: a plain positive decimal integer (no sign, leading zero, fraction or exponent; else 400 `INVALID_PARAMETER`). Unknown chain: 400 `UNSUPPORTED_NETWORK`. Non-EVM source chains (Solana, Bitcoin, Tron, HyperCore): **Not supported yet** (no transactions are built for them), 400 `INVALID_PARAMETER`. */
        "GetAction.srcChainId": components["schemas"]["ChainId"];
        /** @description Token paid in, on the source chain; its native token is the chain's sentinel (see `TokenAddress`). Malformed: 400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: 400 `INVALID_SOURCE_TOKEN`. */
        "GetAction.srcToken": components["schemas"]["TokenAddress"];
        /** @description Destination chain; may equal `srcChainId` (a same-chain swap). Same format rules as `srcChainId`. Unknown: 400 `UNSUPPORTED_NETWORK`; no route of at most two bridge lanes: 400 `UNSUPPORTED_NETWORK_PAIR`. `evm-calldata-tx` needs an EVM destination (400 `INVALID_PARAMETER`). */
        "GetAction.dstChainId": components["schemas"]["ChainId"];
        /** @description Token received, on the destination chain. Malformed: 400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: 400 `INVALID_DESTINATION_TOKEN`. For `evm-calldata-tx`: the native token when `value` is given, an ERC-20 when `erc20Amount` is (400 `INVALID_PARAMETER` otherwise). */
        "GetAction.dstToken": components["schemas"]["TokenAddress"];
        /** @description Tolerance in basis points (50 = 0.5%), 0 to 10000, with at most 4 decimal places, kept exact. Exact-in: `amountOutMin` = floor(amountOut × (10000 − slippage) / 10000); exact-out: `amountInMax` = ceil(amountIn × (10000 + slippage) / 10000). Written as a plain decimal (no sign, exponent, `NaN` or `Infinity`); otherwise 400 `INVALID_PARAMETER`. */
        "GetAction.slippage": number;
        /** @description Required for `swap-action` (and for `venue`); 400 `MISSING_REQUIRED_FIELD` (`context: "swap-action"`) when absent. Exact-in: what is paid, in `srcToken` units, fees included; exact-out: what must arrive, in `dstToken` units. Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`. Zero: 400 `INVALID_AMOUNT_ZERO`. Refused with `evm-calldata-tx` (400 `INVALID_PARAMETER`: the call's `erc20Amount` or `value` is the amount). Outside what the route can take: 400 `AMOUNT_TOO_HIGH`, `AMOUNT_TOO_LOW` (their `maxAmount` / `minAmount` quote when sent back), `INSUFFICIENT_LIQUIDITY` or `EXCESSIVE_FEE`; every route over `maxPriceImpact`: 400 `PRICE_IMPACT_TOO_HIGH`. */
        "GetAction.amount": components["schemas"]["AmountString"];
        /** @description Required for `swap-action` (400 `MISSING_REQUIRED_FIELD` when absent). For `evm-calldata-tx` optional, and only `exact-amount-out` (`exact-amount-in`: 400 `INVALID_PARAMETER`). For `venue` optional, default `exact-amount-in`. Another value: 400 `UNSUPPORTED_SWAP_DIRECTION`. */
        "GetAction.swapDirection": components["schemas"]["SwapDirection"];
        /** @description Receiver on the destination chain, in its address format; default `sender`. Required when the two chains' address formats differ (EVM and HyperCore share one): 400 `CROSS_VM_RECEIVER_REQUIRED` otherwise. For `evm-calldata-tx`, receives what is left after the call. Required for `venue` (the proxy wallet). Screened (403 `WALLET_SCREENED`). */
        "GetAction.recipient": components["schemas"]["Address"];
        /** @description Contract to call on the destination chain. Required for `evm-calldata-tx` (400 `MISSING_REQUIRED_FIELD`, `context: "evm-calldata-tx"`); an EVM address, not the zero address (400 `INVALID_ADDRESS_FORMAT`). Refused with `swap-action` (400 `INVALID_PARAMETER`), like `data`, `value`, `erc20Amount` and `erc20Spender`. */
        "GetAction.to": components["schemas"]["EvmAddress"];
        /** @description Calldata of the call. Required for `evm-calldata-tx`; `0x` and whole bytes (`0x` alone: empty calldata), else 400 `INVALID_PARAMETER`. */
        "GetAction.data": components["schemas"]["Hex"];
        /** @description Native wei sent with the call (`evm-calldata-tx`): the route delivers it in the destination's native token, so `dstToken` must be the native token. Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`. Give `value` or `erc20Amount` (neither: 400 `MISSING_REQUIRED_FIELD`, `field: "erc20Amount"`); with `erc20Amount`, `value` must be absent or `0` (400 `INVALID_PARAMETER`). */
        "GetAction.value": components["schemas"]["AmountString"];
        /** @description Amount of `dstToken` (an ERC-20) the call needs (`evm-calldata-tx`), approved to `erc20Spender` before the call. Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`. Zero: 400 `INVALID_AMOUNT_ZERO`. */
        "GetAction.erc20Amount": components["schemas"]["AmountString"];
        /** @description Spender approved for `erc20Amount` before the call (`evm-calldata-tx`); default `to`. 400 `INVALID_ADDRESS_FORMAT` when malformed. */
        "GetAction.erc20Spender": components["schemas"]["EvmAddress"];
        /** @description Pays transaction fees and rent, for Solana same-chain swaps (SPEC §4.1). **Not supported yet**: any value gets 400 `INVALID_PARAMETER`. */
        "GetAction.solanaSponsor": components["schemas"]["SolanaAddress"];
        /** @description Restricts the bridges a route may use; default: all. Repeated (`bridgeIds=cctp&bridgeIds=across`), comma-separated (`bridgeIds=cctp,across`) or both; duplicates are dropped. An unknown or empty id: 400 `INVALID_PARAMETER` (`details.value` is the id). When the allowed bridges connect neither the chains nor the tokens: 400 `UNSUPPORTED_NETWORK_PAIR` or `UNSUPPORTED_NETWORK_TOKEN_PAIR`. */
        "GetAction.bridgeIds": components["schemas"]["BridgeId"][];
        /** @description Receives refunds and unused input on the source chain; default `sender`. Malformed: 400 `INVALID_ADDRESS_FORMAT`. Screened (403 `WALLET_SCREENED`). */
        "GetAction.refundTo": components["schemas"]["Address"];
        /** @description `true` would return a deposit address for deposit-based flows. **Not supported yet**: `true` gets 400 `INVALID_PARAMETER`. Only `true` and `false` are accepted (400 `INVALID_PARAMETER` otherwise). */
        "GetAction.returnDepositAddress": boolean;
        /** @description Application fees, JSON-encoded: an array of `{bps, receiverAddress}`. At most 10 fees; each `bps` an integer from 1 to 9999, and all of them with the protocol fee below 10000 bps. Each fee is ceil(amountIn × bps / 10000) of the gross input, in the source token. Other keys are ignored. Absent: the fees configured for the API key; `[]`: none. Paid to `receiverAddress` (an address of the source chain). Malformed: 400 `INVALID_PARAMETER`; a bad receiver: 400 `INVALID_ADDRESS_FORMAT`. */
        "GetAction.appFees": components["schemas"]["AppFee"][];
        /** @description *Extension*: the most `estimatedPriceImpact` a route may have, in percent (0.5 = 0.5%), 0 to 100; default 15. Routes above it are not offered; when no route is within it, 400 `PRICE_IMPACT_TOO_HIGH` with the least impact found (`details.estimatedPriceImpact`: sent as `maxPriceImpact`, that route quotes). Written as a plain decimal; otherwise 400 `INVALID_PARAMETER`. The default is the one of the engine's library (`rules.MAX_PRICE_IMPACT_DEFAULT`). */
        "GetAction.maxPriceImpact": number;
        /** @description The venue user id (from the create-or-fetch workflow). Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
        "GetAction.userId": string;
        /** @description Order side. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
        "GetAction.side": "BUY" | "SELL";
        /** @description Market outcome token id. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
        "GetAction.tokenID": string;
        /** @description Market order type: `FOK` fill or kill, `FAK` fill and kill. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
        "GetAction.orderType": "FOK" | "FAK";
        /** @description Market tick size. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
        "GetAction.tickSize": "0.01" | "0.001" | "0.0001";
        /** @description Whether the market is negative-risk. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
        "GetAction.negRisk": "true" | "false";
        /** @description `true` would return `executions` to relay through the gasless provider (Tron; the API key must have gasless enabled). **Not supported yet**: `true` gets 400 `INVALID_PARAMETER`. Only `true` and `false` are accepted. */
        "GetAction.gasless": boolean;
        /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
        XRequestId: string;
        /** @description The `txId` of a `getAction` response. Required unless `txHash` is given (neither: 400 `MISSING_REQUIRED_FIELD`, field `txId`). Takes precedence over `txHash`: with both, the transaction must have that source hash. Malformed: 400 `INVALID_PARAMETER`. */
        "GetStatus.txId": string;
        /** @description The registered source transaction's hash, in any VM's format (see `Registration.txHash`; hex case-insensitive). Required unless `txId` is given. Without `chainId` and registered on several chains: the latest registration. Not a hash of any supported VM: 400 `INVALID_PARAMETER`. */
        "GetStatus.txHash": string;
        /** @description The source chain (SPEC §4.3: optional, recommended): narrows the `txHash` lookup; with `txId`, it must be the transaction's source chain. Malformed: 400 `INVALID_PARAMETER`. */
        "GetStatus.chainId": components["schemas"]["ChainId"];
        /** @description Comma-separated app ids (repeating the parameter works too). Default: every app of your organization, including apps whose keys were retired. An app outside your organization: 400 `INVALID_PARAMETER` (whether it exists elsewhere is not told). */
        "GetTransactions.appIds": string;
        /** @description Only transactions whose `sender` is this wallet (EVM addresses compared case-insensitively; a mixed-case EVM address must have a valid checksum). Not a wallet address of a supported chain: 400 `INVALID_PARAMETER`. */
        "GetTransactions.walletAddress": components["schemas"]["Address"];
        /** @description Comma-separated chain ids, at most 32: transactions whose source **or** destination chain is one of them. Any well-formed id is accepted (history may outlive a chain). Malformed: 400 `INVALID_PARAMETER`. */
        "GetTransactions.chainIds": string;
        /** @description 1-based page. Beyond the last page: `txs: []` with the real `total`. Otherwise 400 `INVALID_PARAMETER`. */
        "GetTransactions.page": number;
        /** @description Transactions per page, 1 to 500 (SPEC §4.4: the wider of the spec's two maxima). Otherwise 400 `INVALID_PARAMETER`. */
        "GetTransactions.limit": number;
        /** @description A rolling window ending now, on the registration time: `day` 24 h, `week` 7 × 24 h, `month` 30 × 24 h; `allTime` none. Combined with `startDate`/`endDate`: both must hold (the later start wins). Otherwise 400 `INVALID_PARAMETER`. */
        "GetTransactions.period": "day" | "week" | "month" | "allTime";
        /** @description Unix seconds: transactions registered at or after. Digits only; milliseconds (beyond year 9999 as seconds) and a `startDate` after `endDate` get 400 `INVALID_PARAMETER`. */
        "GetTransactions.startDate": number;
        /** @description Unix seconds: transactions registered at or before. Otherwise 400 `INVALID_PARAMETER`. */
        "GetTransactions.endDate": number;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id: the client's `x-request-id` when acceptable, else a generated UUID. */
        XRequestId: string;
        /** @description The methods of the path, comma-separated (e.g. `GET, HEAD, OPTIONS`). */
        Allow: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAction: {
        parameters: {
            query: {
                /** @description What to do. `swap-action`: swap and/or bridge `amount` from `srcToken` to `dstToken`. `evm-calldata-tx`: deliver what a contract call on the destination chain needs (`erc20Amount` of `dstToken`, or `value` of its native token), then call `to` with `data`; always quoted exact-amount-out. `venue` (prediction-market orders): **Not supported yet**, 400 `INVALID_PARAMETER`. Any other value: 400 `INVALID_PARAMETER`. */
                actionType: components["parameters"]["GetAction.actionType"];
                /** @description The user's wallet on the source chain, in the source chain's address format (400 `INVALID_ADDRESS_FORMAT` otherwise; a native-token sentinel is no wallet). Screened: a sanctioned wallet gets 403 `WALLET_SCREENED`. */
                sender: components["parameters"]["GetAction.sender"];
                /** @description Source chain: a plain positive decimal integer (no sign, leading zero, fraction or exponent; else 400 `INVALID_PARAMETER`). Unknown chain: 400 `UNSUPPORTED_NETWORK`. Non-EVM source chains (Solana, Bitcoin, Tron, HyperCore): **Not supported yet** (no transactions are built for them), 400 `INVALID_PARAMETER`. */
                srcChainId: components["parameters"]["GetAction.srcChainId"];
                /** @description Token paid in, on the source chain; its native token is the chain's sentinel (see `TokenAddress`). Malformed: 400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: 400 `INVALID_SOURCE_TOKEN`. */
                srcToken: components["parameters"]["GetAction.srcToken"];
                /** @description Destination chain; may equal `srcChainId` (a same-chain swap). Same format rules as `srcChainId`. Unknown: 400 `UNSUPPORTED_NETWORK`; no route of at most two bridge lanes: 400 `UNSUPPORTED_NETWORK_PAIR`. `evm-calldata-tx` needs an EVM destination (400 `INVALID_PARAMETER`). */
                dstChainId: components["parameters"]["GetAction.dstChainId"];
                /** @description Token received, on the destination chain. Malformed: 400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: 400 `INVALID_DESTINATION_TOKEN`. For `evm-calldata-tx`: the native token when `value` is given, an ERC-20 when `erc20Amount` is (400 `INVALID_PARAMETER` otherwise). */
                dstToken: components["parameters"]["GetAction.dstToken"];
                /** @description Tolerance in basis points (50 = 0.5%), 0 to 10000, with at most 4 decimal places, kept exact. Exact-in: `amountOutMin` = floor(amountOut × (10000 − slippage) / 10000); exact-out: `amountInMax` = ceil(amountIn × (10000 + slippage) / 10000). Written as a plain decimal (no sign, exponent, `NaN` or `Infinity`); otherwise 400 `INVALID_PARAMETER`. */
                slippage: components["parameters"]["GetAction.slippage"];
                /** @description Required for `swap-action` (and for `venue`); 400 `MISSING_REQUIRED_FIELD` (`context: "swap-action"`) when absent. Exact-in: what is paid, in `srcToken` units, fees included; exact-out: what must arrive, in `dstToken` units. Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`. Zero: 400 `INVALID_AMOUNT_ZERO`. Refused with `evm-calldata-tx` (400 `INVALID_PARAMETER`: the call's `erc20Amount` or `value` is the amount). Outside what the route can take: 400 `AMOUNT_TOO_HIGH`, `AMOUNT_TOO_LOW` (their `maxAmount` / `minAmount` quote when sent back), `INSUFFICIENT_LIQUIDITY` or `EXCESSIVE_FEE`; every route over `maxPriceImpact`: 400 `PRICE_IMPACT_TOO_HIGH`. */
                amount?: components["parameters"]["GetAction.amount"];
                /** @description Required for `swap-action` (400 `MISSING_REQUIRED_FIELD` when absent). For `evm-calldata-tx` optional, and only `exact-amount-out` (`exact-amount-in`: 400 `INVALID_PARAMETER`). For `venue` optional, default `exact-amount-in`. Another value: 400 `UNSUPPORTED_SWAP_DIRECTION`. */
                swapDirection?: components["parameters"]["GetAction.swapDirection"];
                /** @description Receiver on the destination chain, in its address format; default `sender`. Required when the two chains' address formats differ (EVM and HyperCore share one): 400 `CROSS_VM_RECEIVER_REQUIRED` otherwise. For `evm-calldata-tx`, receives what is left after the call. Required for `venue` (the proxy wallet). Screened (403 `WALLET_SCREENED`). */
                recipient?: components["parameters"]["GetAction.recipient"];
                /** @description Contract to call on the destination chain. Required for `evm-calldata-tx` (400 `MISSING_REQUIRED_FIELD`, `context: "evm-calldata-tx"`); an EVM address, not the zero address (400 `INVALID_ADDRESS_FORMAT`). Refused with `swap-action` (400 `INVALID_PARAMETER`), like `data`, `value`, `erc20Amount` and `erc20Spender`. */
                to?: components["parameters"]["GetAction.to"];
                /** @description Calldata of the call. Required for `evm-calldata-tx`; `0x` and whole bytes (`0x` alone: empty calldata), else 400 `INVALID_PARAMETER`. */
                data?: components["parameters"]["GetAction.data"];
                /** @description Native wei sent with the call (`evm-calldata-tx`): the route delivers it in the destination's native token, so `dstToken` must be the native token. Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`. Give `value` or `erc20Amount` (neither: 400 `MISSING_REQUIRED_FIELD`, `field: "erc20Amount"`); with `erc20Amount`, `value` must be absent or `0` (400 `INVALID_PARAMETER`). */
                value?: components["parameters"]["GetAction.value"];
                /** @description Amount of `dstToken` (an ERC-20) the call needs (`evm-calldata-tx`), approved to `erc20Spender` before the call. Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`. Zero: 400 `INVALID_AMOUNT_ZERO`. */
                erc20Amount?: components["parameters"]["GetAction.erc20Amount"];
                /** @description Spender approved for `erc20Amount` before the call (`evm-calldata-tx`); default `to`. 400 `INVALID_ADDRESS_FORMAT` when malformed. */
                erc20Spender?: components["parameters"]["GetAction.erc20Spender"];
                /** @description Pays transaction fees and rent, for Solana same-chain swaps (SPEC §4.1). **Not supported yet**: any value gets 400 `INVALID_PARAMETER`. */
                solanaSponsor?: components["parameters"]["GetAction.solanaSponsor"];
                /** @description Restricts the bridges a route may use; default: all. Repeated (`bridgeIds=cctp&bridgeIds=across`), comma-separated (`bridgeIds=cctp,across`) or both; duplicates are dropped. An unknown or empty id: 400 `INVALID_PARAMETER` (`details.value` is the id). When the allowed bridges connect neither the chains nor the tokens: 400 `UNSUPPORTED_NETWORK_PAIR` or `UNSUPPORTED_NETWORK_TOKEN_PAIR`. */
                bridgeIds?: components["parameters"]["GetAction.bridgeIds"];
                /** @description Receives refunds and unused input on the source chain; default `sender`. Malformed: 400 `INVALID_ADDRESS_FORMAT`. Screened (403 `WALLET_SCREENED`). */
                refundTo?: components["parameters"]["GetAction.refundTo"];
                /** @description `true` would return a deposit address for deposit-based flows. **Not supported yet**: `true` gets 400 `INVALID_PARAMETER`. Only `true` and `false` are accepted (400 `INVALID_PARAMETER` otherwise). */
                returnDepositAddress?: components["parameters"]["GetAction.returnDepositAddress"];
                /** @description Application fees, JSON-encoded: an array of `{bps, receiverAddress}`. At most 10 fees; each `bps` an integer from 1 to 9999, and all of them with the protocol fee below 10000 bps. Each fee is ceil(amountIn × bps / 10000) of the gross input, in the source token. Other keys are ignored. Absent: the fees configured for the API key; `[]`: none. Paid to `receiverAddress` (an address of the source chain). Malformed: 400 `INVALID_PARAMETER`; a bad receiver: 400 `INVALID_ADDRESS_FORMAT`. */
                appFees?: components["parameters"]["GetAction.appFees"];
                /** @description *Extension*: the most `estimatedPriceImpact` a route may have, in percent (0.5 = 0.5%), 0 to 100; default 15. Routes above it are not offered; when no route is within it, 400 `PRICE_IMPACT_TOO_HIGH` with the least impact found (`details.estimatedPriceImpact`: sent as `maxPriceImpact`, that route quotes). Written as a plain decimal; otherwise 400 `INVALID_PARAMETER`. The default is the one of the engine's library (`rules.MAX_PRICE_IMPACT_DEFAULT`). */
                maxPriceImpact?: components["parameters"]["GetAction.maxPriceImpact"];
                /** @description The venue user id (from the create-or-fetch workflow). Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
                userId?: components["parameters"]["GetAction.userId"];
                /** @description Order side. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
                side?: components["parameters"]["GetAction.side"];
                /** @description Market outcome token id. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
                tokenID?: components["parameters"]["GetAction.tokenID"];
                /** @description Market order type: `FOK` fill or kill, `FAK` fill and kill. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
                orderType?: components["parameters"]["GetAction.orderType"];
                /** @description Market tick size. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
                tickSize?: components["parameters"]["GetAction.tickSize"];
                /** @description Whether the market is negative-risk. Required for `venue` (SPEC §4.1). **Not supported yet**: the `venue` action type is refused, and this parameter with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`. */
                negRisk?: components["parameters"]["GetAction.negRisk"];
                /** @description `true` would return `executions` to relay through the gasless provider (Tron; the API key must have gasless enabled). **Not supported yet**: `true` gets 400 `INVALID_PARAMETER`. Only `true` and `false` are accepted. */
                gasless?: components["parameters"]["GetAction.gasless"];
            };
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action response. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    /** @description Always `no-store`: every answer is a new quote with a new `txId`. */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsGetAction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content; `Allow` lists the methods of the path. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    registerTxs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description One registration, or an array of them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistrationRequest"];
            };
        };
        responses: {
            /** @description One result per registration, in request order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    /** @description Always `no-store`: transactions change as they progress. */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationResults"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsRegisterTxs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content; `Allow` lists the methods of the path. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getStatus: {
        parameters: {
            query?: {
                /** @description The `txId` of a `getAction` response. Required unless `txHash` is given (neither: 400 `MISSING_REQUIRED_FIELD`, field `txId`). Takes precedence over `txHash`: with both, the transaction must have that source hash. Malformed: 400 `INVALID_PARAMETER`. */
                txId?: components["parameters"]["GetStatus.txId"];
                /** @description The registered source transaction's hash, in any VM's format (see `Registration.txHash`; hex case-insensitive). Required unless `txId` is given. Without `chainId` and registered on several chains: the latest registration. Not a hash of any supported VM: 400 `INVALID_PARAMETER`. */
                txHash?: components["parameters"]["GetStatus.txHash"];
                /** @description The source chain (SPEC §4.3: optional, recommended): narrows the `txHash` lookup; with `txId`, it must be the transaction's source chain. Malformed: 400 `INVALID_PARAMETER`. */
                chainId?: components["parameters"]["GetStatus.chainId"];
            };
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    /** @description Always `no-store`: transactions change as they progress. */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionDetails"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsGetStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content; `Allow` lists the methods of the path. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTransactions: {
        parameters: {
            query?: {
                /** @description Comma-separated app ids (repeating the parameter works too). Default: every app of your organization, including apps whose keys were retired. An app outside your organization: 400 `INVALID_PARAMETER` (whether it exists elsewhere is not told). */
                appIds?: components["parameters"]["GetTransactions.appIds"];
                /** @description Only transactions whose `sender` is this wallet (EVM addresses compared case-insensitively; a mixed-case EVM address must have a valid checksum). Not a wallet address of a supported chain: 400 `INVALID_PARAMETER`. */
                walletAddress?: components["parameters"]["GetTransactions.walletAddress"];
                /** @description Comma-separated chain ids, at most 32: transactions whose source **or** destination chain is one of them. Any well-formed id is accepted (history may outlive a chain). Malformed: 400 `INVALID_PARAMETER`. */
                chainIds?: components["parameters"]["GetTransactions.chainIds"];
                /** @description 1-based page. Beyond the last page: `txs: []` with the real `total`. Otherwise 400 `INVALID_PARAMETER`. */
                page?: components["parameters"]["GetTransactions.page"];
                /** @description Transactions per page, 1 to 500 (SPEC §4.4: the wider of the spec's two maxima). Otherwise 400 `INVALID_PARAMETER`. */
                limit?: components["parameters"]["GetTransactions.limit"];
                /** @description A rolling window ending now, on the registration time: `day` 24 h, `week` 7 × 24 h, `month` 30 × 24 h; `allTime` none. Combined with `startDate`/`endDate`: both must hold (the later start wins). Otherwise 400 `INVALID_PARAMETER`. */
                period?: components["parameters"]["GetTransactions.period"];
                /** @description Unix seconds: transactions registered at or after. Digits only; milliseconds (beyond year 9999 as seconds) and a `startDate` after `endDate` get 400 `INVALID_PARAMETER`. */
                startDate?: components["parameters"]["GetTransactions.startDate"];
                /** @description Unix seconds: transactions registered at or before. Otherwise 400 `INVALID_PARAMETER`. */
                endDate?: components["parameters"]["GetTransactions.endDate"];
            };
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page, and the pagination. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    /** @description Always `no-store`: transactions change as they progress. */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionHistory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsGetTransactions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content; `Allow` lists the methods of the path. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content; `Allow` lists the methods of the path. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    optionsOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID. */
                "x-request-id"?: components["parameters"]["XRequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content; `Allow` lists the methods of the path. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
