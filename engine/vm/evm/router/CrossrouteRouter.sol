// SPDX-License-Identifier: MIT
// The crossroute router: executes the transaction of a quote (engine/vm/evm/README.md documents every field) against
// the real pool contracts of one Uniswap V2 factory and one Uniswap V3 factory, plus WETH wrap/unwrap. Compiled by
// compileRouter.ts into CrossrouteRouter.json (committed; test/engine/vm/evm/router/artifact.test.ts recompiles and
// compares). Not audited.
pragma solidity 0.8.26;

interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);
}

interface IWETH {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface IUniswapV2FactoryMinimal {
    function getPair(address tokenA, address tokenB) external view returns (address);
}

interface IUniswapV2PairMinimal {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IUniswapV3FactoryMinimal {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address);
}

interface IUniswapV3PoolMinimal {
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external returns (int256 amount0, int256 amount1);
}

contract CrossrouteRouter {
    struct Order {
        address tokenIn;
        uint256 amountIn;
        uint256 amountInMax;
        uint256 protocolFee;
        uint64 dstChainId;
        bytes tokenOut;
        uint256 amountOut;
        uint256 amountOutMin;
        bytes recipient;
        address refundTo;
        uint8 swapDirection;
        uint64 deadline;
    }

    struct Step {
        uint8 kind;
        uint8 venue;
        uint64 chainId;
        uint64 dstChainId;
        bytes32 id;
        address pool;
        uint24 fee;
        bytes tokenIn;
        bytes tokenOut;
        uint256 amountIn;
        uint256 amountOut;
    }

    struct Part {
        uint256 amountIn;
        uint256 amountOut;
        Step[] steps;
    }

    struct Fee {
        address receiver;
        uint256 amount;
    }

    struct Call {
        address target;
        bytes data;
        uint256 value;
        address erc20Spender;
        uint256 erc20Amount;
    }

    /// A checked step as the execution needs it (also the V3 callback's data).
    struct Hop {
        uint8 kind;
        uint8 venue;
        address pool;
        address tokenIn;
        address tokenOut;
        uint24 fee;
    }

    uint8 private constant KIND_SWAP = 0;
    uint8 private constant KIND_WRAP = 2;
    uint8 private constant KIND_UNWRAP = 3;
    uint8 private constant VENUE_UNISWAP_V2 = 1;
    uint8 private constant VENUE_UNISWAP_V3 = 2;
    uint8 private constant EXACT_IN = 0;
    uint8 private constant EXACT_OUT = 1;
    uint160 private constant MIN_SQRT_RATIO_PLUS_ONE = 4295128740;
    uint160 private constant MAX_SQRT_RATIO_MINUS_ONE = 1461446703485210103287273052203988822378723970341;

    // Transient storage slots (EIP-1153): cleared at the end of every transaction.
    uint256 private constant LOCK_SLOT = 1; // reentrancy guard
    uint256 private constant POOL_SLOT = 2; // the one V3 pool whose callback is expected now
    uint256 private constant SPENT_SLOT = 3; // input spent on the route so far
    uint256 private constant AVAILABLE_SLOT = 4; // input the route may spend (after fees)

    address public immutable weth;
    address public immutable uniswapV2Factory;
    address public immutable uniswapV3Factory;
    /// Receives the protocol fee of every order, in the order's input token.
    address public owner;

    event Routed(bytes32 indexed txId, address indexed sender, address tokenIn, uint256 amountIn, uint64 dstChainId);
    event Delivered(bytes32 indexed txId, bytes tokenOut, uint256 amountOut, bytes recipient);
    event OwnerChanged(address indexed previousOwner, address indexed newOwner);

    error DeadlinePassed(uint64 deadline, uint256 timestamp);
    error WrongValue(uint256 expected, uint256 sent);
    error InvalidOrder();
    error InsufficientOutput(uint256 amountOut, uint256 amountOutMin);
    error ExcessiveInput(uint256 needed, uint256 available);
    error CrossChainNotSupported(uint64 dstChainId);
    error UnsupportedStep(uint256 part, uint256 step);
    error InvalidRoute(uint256 part, uint256 step);
    error UnknownPool(address pool);
    error PartialFill(address pool);
    error NotPool(address caller);
    error Reentrancy();
    error ForbiddenCall(address target);
    error TransferFailed(address token, address to, uint256 amount);
    error Unauthorized();
    error ZeroOwner();

    constructor(address weth_, address uniswapV2Factory_, address uniswapV3Factory_) {
        weth = weth_;
        uniswapV2Factory = uniswapV2Factory_;
        uniswapV3Factory = uniswapV3Factory_;
        owner = msg.sender;
        emit OwnerChanged(address(0), msg.sender);
    }

    modifier nonReentrant() {
        if (_tload(LOCK_SLOT) != 0) revert Reentrancy();
        _tstore(LOCK_SLOT, 1);
        _;
        _tstore(LOCK_SLOT, 0);
    }

    /// Native coin arrives only from WETH (unwrap steps).
    receive() external payable {
        if (msg.sender != weth) revert Unauthorized();
    }

    /// Runs the route and delivers its whole output to the order's recipient.
    function swap(
        bytes32 txId,
        Order calldata order,
        Part[] calldata parts,
        Fee[] calldata fees
    ) external payable nonReentrant {
        (address tokenOut, uint256 amountOut) = _route(txId, order, parts, fees);
        address recipient = _address(order.recipient);
        _send(tokenOut, recipient, amountOut);
        emit Delivered(txId, order.tokenOut, amountOut, order.recipient);
    }

    /// Runs the route, approves exactly `erc20Amount` of the output to `erc20Spender`, makes the one declared call,
    /// resets the approval, and delivers what the call left of the output to the order's recipient.
    function swapAndCall(
        bytes32 txId,
        Order calldata order,
        Part[] calldata parts,
        Fee[] calldata fees,
        Call calldata call
    ) external payable nonReentrant {
        if (call.target == address(this)) revert ForbiddenCall(call.target);
        (address tokenOut, uint256 amountOut) = _route(txId, order, parts, fees);
        if (tokenOut == address(0)) {
            if (call.value > amountOut || call.erc20Amount != 0) revert InvalidOrder();
        } else {
            if (call.value != 0 || call.erc20Amount > amountOut) revert InvalidOrder();
            _approve(tokenOut, call.erc20Spender, call.erc20Amount);
        }
        (bool ok, bytes memory reason) = call.target.call{value: call.value}(call.data);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
        if (tokenOut != address(0)) _approve(tokenOut, call.erc20Spender, 0);
        // The router holds nothing between transactions, so all it holds of the output now is this order's rest.
        uint256 rest = tokenOut == address(0) ? address(this).balance : IERC20Minimal(tokenOut).balanceOf(address(this));
        _send(tokenOut, _address(order.recipient), rest);
        emit Delivered(txId, order.tokenOut, amountOut, order.recipient);
    }

    /// The V3 pool being called asks for its input: only that pool, verified against the factory before the call.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        address expected = address(uint160(_tload(POOL_SLOT)));
        if (expected == address(0) || msg.sender != expected) revert NotPool(msg.sender);
        _tstore(POOL_SLOT, 0);
        (Hop[] memory hops, uint256 index, bool exactOut) = abi.decode(data, (Hop[], uint256, bool));
        uint256 amountToPay = amount0Delta > 0 ? uint256(amount0Delta) : uint256(amount1Delta);
        if (exactOut) _payInput(hops, index, amountToPay, msg.sender);
        else _transfer(hops[index].tokenIn, msg.sender, amountToPay);
    }

    /// Hands the protocol fee receipt to another address (not the zero address: fees would be burnt or refused).
    function setOwner(address newOwner) external {
        if (msg.sender != owner) revert Unauthorized();
        if (newOwner == address(0)) revert ZeroOwner();
        emit OwnerChanged(owner, newOwner);
        owner = newOwner;
    }

    /// Recovers tokens sent to the router by mistake (it holds nothing between transactions).
    function sweep(address token, address to, uint256 amount) external {
        if (msg.sender != owner) revert Unauthorized();
        _send(token, to, amount);
    }

    // ------------------------------------------------------------------------------------------------------------

    /// Takes the input, pays the fees, runs every part, refunds unused input; returns the output the router now holds.
    function _route(
        bytes32 txId,
        Order calldata order,
        Part[] calldata parts,
        Fee[] calldata fees
    ) private returns (address tokenOut, uint256 amountOut) {
        if (block.timestamp > order.deadline) revert DeadlinePassed(order.deadline, block.timestamp);
        if (order.dstChainId != block.chainid) revert CrossChainNotSupported(order.dstChainId);
        if (order.swapDirection > EXACT_OUT || order.amountInMax < order.amountIn || parts.length == 0)
            revert InvalidOrder();
        uint256 available = _takeInput(order, fees);
        _tstore(AVAILABLE_SLOT, available);
        _tstore(SPENT_SLOT, 0);
        tokenOut = _address(order.tokenOut);
        for (uint256 p = 0; p < parts.length; p++) {
            Hop[] memory hops = _hops(parts[p].steps, p, order.tokenIn, tokenOut);
            if (order.swapDirection == EXACT_IN) {
                _spend(parts[p].amountIn);
                amountOut += _exactIn(hops, parts[p].amountIn);
            } else {
                _exactOut(hops, hops.length - 1, parts[p].amountOut, address(this));
                amountOut += parts[p].amountOut;
            }
        }
        if (order.swapDirection == EXACT_OUT && amountOut != order.amountOut) revert InvalidOrder();
        if (amountOut < order.amountOutMin) revert InsufficientOutput(amountOut, order.amountOutMin);
        uint256 spent = _tload(SPENT_SLOT);
        _send(order.tokenIn, order.refundTo, available - spent);
        emit Routed(txId, msg.sender, order.tokenIn, order.amountInMax - (available - spent), order.dstChainId);
    }

    /// Pulls `amountInMax` (or checks the native value), pays the protocol fee to the owner and every app fee to its
    /// receiver, and returns what is left for the route.
    function _takeInput(Order calldata order, Fee[] calldata fees) private returns (uint256 available) {
        uint256 expectedValue = order.tokenIn == address(0) ? order.amountInMax : 0;
        if (msg.value != expectedValue) revert WrongValue(expectedValue, msg.value);
        if (order.tokenIn != address(0)) _pull(order.tokenIn, msg.sender, order.amountInMax);
        uint256 charged = order.protocolFee;
        _send(order.tokenIn, owner, order.protocolFee);
        for (uint256 i = 0; i < fees.length; i++) {
            charged += fees[i].amount;
            _send(order.tokenIn, fees[i].receiver, fees[i].amount);
        }
        if (charged > order.amountIn) revert InvalidOrder();
        available = order.amountInMax - charged;
    }

    /// Checks a part's steps (this chain only, tokens chained from `tokenIn` to `tokenOut`, genuine pools of the
    /// configured factories) and returns them as hops.
    function _hops(
        Step[] calldata steps,
        uint256 part,
        address tokenIn,
        address tokenOut
    ) private view returns (Hop[] memory hops) {
        if (steps.length == 0) revert InvalidRoute(part, 0);
        hops = new Hop[](steps.length);
        address previous = tokenIn;
        for (uint256 i = 0; i < steps.length; i++) {
            Step calldata step = steps[i];
            if (step.chainId != block.chainid || step.dstChainId != block.chainid) revert UnsupportedStep(part, i);
            Hop memory hop = Hop(step.kind, step.venue, step.pool, _address(step.tokenIn), _address(step.tokenOut), step.fee);
            if (hop.tokenIn != previous) revert InvalidRoute(part, i);
            if (hop.kind == KIND_SWAP) {
                _checkPool(hop, part, i);
            } else if (hop.kind == KIND_WRAP) {
                if (hop.tokenIn != address(0) || hop.tokenOut != weth) revert InvalidRoute(part, i);
            } else if (hop.kind == KIND_UNWRAP) {
                if (hop.tokenIn != weth || hop.tokenOut != address(0)) revert InvalidRoute(part, i);
            } else {
                revert UnsupportedStep(part, i); // bridge hops: not executed by this router yet
            }
            hops[i] = hop;
            previous = hop.tokenOut;
        }
        if (previous != tokenOut) revert InvalidRoute(part, steps.length - 1);
    }

    function _checkPool(Hop memory hop, uint256 part, uint256 step) private view {
        address genuine;
        if (hop.venue == VENUE_UNISWAP_V2) {
            genuine = IUniswapV2FactoryMinimal(uniswapV2Factory).getPair(hop.tokenIn, hop.tokenOut);
        } else if (hop.venue == VENUE_UNISWAP_V3) {
            genuine = IUniswapV3FactoryMinimal(uniswapV3Factory).getPool(hop.tokenIn, hop.tokenOut, hop.fee);
        } else {
            revert UnsupportedStep(part, step);
        }
        if (genuine == address(0) || genuine != hop.pool) revert UnknownPool(hop.pool);
    }

    /// Runs hops forward from `amount` of the first hop's input (held by the router); returns the output it holds.
    function _exactIn(Hop[] memory hops, uint256 amount) private returns (uint256) {
        for (uint256 i = 0; i < hops.length; i++) {
            Hop memory hop = hops[i];
            if (hop.kind == KIND_WRAP) {
                IWETH(weth).deposit{value: amount}();
            } else if (hop.kind == KIND_UNWRAP) {
                IWETH(weth).withdraw(amount);
            } else if (hop.venue == VENUE_UNISWAP_V2) {
                uint256 out = _v2AmountOut(hop, amount);
                _transfer(hop.tokenIn, hop.pool, amount);
                _v2Swap(hop, out, address(this));
                amount = out;
            } else {
                (uint256 paid, uint256 received) = _v3Swap(hops, i, int256(amount), address(this));
                if (paid != amount) revert PartialFill(hop.pool);
                amount = received;
            }
        }
        return amount;
    }

    /// Makes exactly `amountOut` of hop `index`'s output arrive at `to`, obtaining its input backwards.
    function _exactOut(Hop[] memory hops, uint256 index, uint256 amountOut, address to) private {
        Hop memory hop = hops[index];
        if (hop.kind == KIND_WRAP) {
            _payInput(hops, index, amountOut, address(this));
            IWETH(weth).deposit{value: amountOut}();
            if (to != address(this)) _transfer(weth, to, amountOut);
        } else if (hop.kind == KIND_UNWRAP) {
            _payInput(hops, index, amountOut, address(this));
            IWETH(weth).withdraw(amountOut);
            if (to != address(this)) _send(address(0), to, amountOut);
        } else if (hop.venue == VENUE_UNISWAP_V2) {
            _payInput(hops, index, _v2AmountIn(hop, amountOut), hop.pool);
            _v2Swap(hop, amountOut, to);
        } else {
            (, uint256 received) = _v3Swap(hops, index, -int256(amountOut), to);
            if (received != amountOut) revert PartialFill(hop.pool);
        }
    }

    /// Makes `amount` of hop `index`'s input arrive at `to`: from the order's input for the first hop, else as the
    /// exact output of the hop before.
    function _payInput(Hop[] memory hops, uint256 index, uint256 amount, address to) private {
        if (index == 0) {
            _spend(amount);
            if (to != address(this)) _transfer(hops[0].tokenIn, to, amount);
        } else {
            _exactOut(hops, index - 1, amount, to);
        }
    }

    function _spend(uint256 amount) private {
        uint256 spent = _tload(SPENT_SLOT) + amount;
        uint256 available = _tload(AVAILABLE_SLOT);
        if (spent > available) revert ExcessiveInput(spent, available);
        _tstore(SPENT_SLOT, spent);
    }

    function _v2Reserves(Hop memory hop) private view returns (uint256 reserveIn, uint256 reserveOut) {
        (uint112 reserve0, uint112 reserve1, ) = IUniswapV2PairMinimal(hop.pool).getReserves();
        (reserveIn, reserveOut) = hop.tokenIn < hop.tokenOut ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    /// UniswapV2Library.getAmountOut: 0.30 % fee.
    function _v2AmountOut(Hop memory hop, uint256 amountIn) private view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _v2Reserves(hop);
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    /// UniswapV2Library.getAmountIn: the least input that yields `amountOut`, rounded up.
    function _v2AmountIn(Hop memory hop, uint256 amountOut) private view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _v2Reserves(hop);
        if (amountOut >= reserveOut) revert PartialFill(hop.pool);
        return (reserveIn * amountOut * 1000) / ((reserveOut - amountOut) * 997) + 1;
    }

    function _v2Swap(Hop memory hop, uint256 amountOut, address to) private {
        (uint256 amount0Out, uint256 amount1Out) = hop.tokenIn < hop.tokenOut
            ? (uint256(0), amountOut)
            : (amountOut, uint256(0));
        IUniswapV2PairMinimal(hop.pool).swap(amount0Out, amount1Out, to, "");
    }

    /// One V3 swap (positive `amountSpecified`: exact input; negative: exact output); returns input paid and output.
    function _v3Swap(
        Hop[] memory hops,
        uint256 index,
        int256 amountSpecified,
        address to
    ) private returns (uint256 paid, uint256 received) {
        bytes memory data = abi.encode(hops, index, amountSpecified < 0);
        address pool = hops[index].pool;
        bool zeroForOne = hops[index].tokenIn < hops[index].tokenOut;
        _tstore(POOL_SLOT, uint256(uint160(pool)));
        (int256 amount0, int256 amount1) = IUniswapV3PoolMinimal(pool).swap(
            to,
            zeroForOne,
            amountSpecified,
            zeroForOne ? MIN_SQRT_RATIO_PLUS_ONE : MAX_SQRT_RATIO_MINUS_ONE,
            data
        );
        _tstore(POOL_SLOT, 0);
        (paid, received) = zeroForOne
            ? (uint256(amount0), uint256(-amount1))
            : (uint256(amount1), uint256(-amount0));
    }

    // ------------------------------------------------------------------------------------------------------------

    /// A 20-byte chain address (the ABI's `bytes` form of an EVM address).
    function _address(bytes calldata raw) private pure returns (address) {
        if (raw.length != 20) revert InvalidOrder();
        return address(bytes20(raw));
    }

    function _pull(address token, address from, uint256 amount) private {
        _call(token, abi.encodeWithSelector(0x23b872dd, from, address(this), amount), from, amount);
    }

    function _transfer(address token, address to, uint256 amount) private {
        _call(token, abi.encodeWithSelector(0xa9059cbb, to, amount), to, amount);
    }

    function _approve(address token, address spender, uint256 amount) private {
        _call(token, abi.encodeWithSelector(0x095ea7b3, spender, amount), spender, amount);
    }

    /// Native coin or ERC-20; nothing for a zero amount.
    function _send(address token, address to, uint256 amount) private {
        if (amount == 0) return;
        if (token != address(0)) return _transfer(token, to, amount);
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert TransferFailed(address(0), to, amount);
    }

    /// An ERC-20 call that must succeed and return true or nothing (tokens that return no value).
    function _call(address token, bytes memory data, address to, uint256 amount) private {
        (bool ok, bytes memory result) = token.call(data);
        if (!ok || (result.length == 0 ? token.code.length == 0 : !abi.decode(result, (bool))))
            revert TransferFailed(token, to, amount);
    }

    function _tload(uint256 slot) private view returns (uint256 value) {
        assembly {
            value := tload(slot)
        }
    }

    function _tstore(uint256 slot, uint256 value) private {
        assembly {
            tstore(slot, value)
        }
    }
}
