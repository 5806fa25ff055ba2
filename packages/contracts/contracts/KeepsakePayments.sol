// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Keepsake checkout payments
/// @notice Buyers pay for a checkout order here, naming the order: `OrderPaid` carries the order id, so Keepsake
/// matches a payment to its order exactly (ADR 106). The money stays in escrow, per order and token, until the
/// operator (the owner) releases it to the seller and the fee recipient, or refunds it. The operator can move only
/// what an order holds. `address(0)` stands for the chain's native coin.
contract KeepsakePayments is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    event OrderPaid(bytes32 indexed orderId, address indexed payer, address token, uint256 amount);
    event OrderReleased(bytes32 indexed orderId, address token, address seller, uint256 sellerAmount, address feeRecipient, uint256 feeAmount);
    event OrderRefunded(bytes32 indexed orderId, address token, address to, uint256 amount);

    error ZeroAmount();
    error NativeTokenNotAllowed();
    error InsufficientEscrow(bytes32 orderId, address token, uint256 held, uint256 requested);
    error NativeTransferFailed(address to, uint256 amount);

    /// @notice What each order holds, per token.
    mapping(bytes32 orderId => mapping(address token => uint256)) public held;

    constructor(address operator_) Ownable(operator_) {}

    /// @notice Pays `amount` of ERC-20 `token` for `orderId`; the payer approves this contract first.
    function pay(bytes32 orderId, address token, uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        if (token == address(0)) revert NativeTokenNotAllowed();
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        held[orderId][token] += amount;
        emit OrderPaid(orderId, msg.sender, token, amount);
    }

    /// @notice Pays for `orderId` in the native coin.
    function payNative(bytes32 orderId) external payable {
        if (msg.value == 0) revert ZeroAmount();
        held[orderId][address(0)] += msg.value;
        emit OrderPaid(orderId, msg.sender, address(0), msg.value);
    }

    /// @notice Pays the seller and the fee recipient out of what the order holds.
    function release(bytes32 orderId, address token, address seller, uint256 sellerAmount, address feeRecipient, uint256 feeAmount)
        external
        onlyOwner
        nonReentrant
    {
        _take(orderId, token, sellerAmount + feeAmount);
        _send(token, seller, sellerAmount);
        _send(token, feeRecipient, feeAmount);
        emit OrderReleased(orderId, token, seller, sellerAmount, feeRecipient, feeAmount);
    }

    /// @notice Gives back `amount` of what the order holds to `to` (the payer).
    function refund(bytes32 orderId, address token, address to, uint256 amount) external onlyOwner nonReentrant {
        _take(orderId, token, amount);
        _send(token, to, amount);
        emit OrderRefunded(orderId, token, to, amount);
    }

    function _take(bytes32 orderId, address token, uint256 amount) private {
        uint256 balance = held[orderId][token];
        if (amount > balance) revert InsufficientEscrow(orderId, token, balance, amount);
        held[orderId][token] = balance - amount;
    }

    function _send(address token, address to, uint256 amount) private {
        if (amount == 0) return;
        if (token == address(0)) {
            (bool sent, ) = to.call{value: amount}("");
            if (!sent) revert NativeTransferFailed(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
