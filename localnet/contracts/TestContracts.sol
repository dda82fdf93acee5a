// SPDX-License-Identifier: MIT
// Test-only contracts for test/engine/chain/*.test.ts, compiled by compileTestContracts.ts into TestContracts.json
// (committed, so the tests need no compiler). Not audited; never deploy outside a test node.
pragma solidity 0.8.26;

/// A mintable ERC-20 with chosen decimals (Uniswap's own test token has 18 only).
contract TestERC20 {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

interface IPairLike {
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IErc20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// Pays a Uniswap V2 pair and swaps in one transaction, so that `eth_call` can try an output the pair must refuse.
contract V2Swapper {
    function swap(address pair, address tokenIn, uint256 amountIn, uint256 amount0Out, uint256 amount1Out) external {
        require(IErc20Like(tokenIn).transferFrom(msg.sender, pair, amountIn), 'transferFrom');
        IPairLike(pair).swap(amount0Out, amount1Out, msg.sender, new bytes(0));
    }
}

/// Wrapped ether with WETH9's interface (deposit, withdraw, ERC-20), for routes that wrap and unwrap.
contract TestWETH9 {
    string public constant name = 'Wrapped Ether';
    string public constant symbol = 'WETH';
    uint8 public constant decimals = 18;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Transfer(address(0), msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        emit Transfer(msg.sender, address(0), amount);
        (bool ok, ) = msg.sender.call{value: amount}('');
        require(ok, 'withdraw');
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        return transferFrom(msg.sender, to, amount);
    }

    function transferFrom(address from, address to, uint256 amount) public returns (bool) {
        if (from != msg.sender && allowance[from][msg.sender] != type(uint256).max)
            allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        return true;
    }
}

/// The target of a router's swapAndCall: takes tokens (up to what it was approved) or native value for a beneficiary.
contract CallTarget {
    mapping(address => mapping(address => uint256)) public credited; // token (zero: native) => beneficiary => amount

    function depositToken(address token, uint256 amount, address beneficiary) external {
        require(IErc20Like(token).transferFrom(msg.sender, address(this), amount), 'transferFrom');
        credited[token][beneficiary] += amount;
    }

    function depositNative(address beneficiary) external payable {
        credited[address(0)][beneficiary] += msg.value;
    }
}

/// A swapAndCall target that calls back into the router with the calldata it is given, bubbling its revert.
contract Reenterer {
    function reenter(address router, bytes calldata data) external payable {
        (bool ok, bytes memory reason) = router.call{value: msg.value}(data);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }
}
