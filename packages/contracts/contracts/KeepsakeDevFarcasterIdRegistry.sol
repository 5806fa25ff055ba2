// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Keepsake devnet stand-in for Farcaster's IdRegistry
/// @notice Local devnet and tests only (docs/decisions/108). Its runtime code is put at the address of Farcaster's
/// IdRegistry on Optimism (0x00000000Fc6c5F01Fc30151999387Bb99A9f489b) with anvil_setCode, so that Sign In With
/// Farcaster verifies against the devnet: `idOf(custody)` is what the Farcaster auth client reads. Unlike the real
/// registry, anyone may register any fid for their own address; it holds nothing of value.
contract KeepsakeDevFarcasterIdRegistry {
    /// @notice The fid an address is the custody address of (0: none).
    mapping(address => uint256) public idOf;
    /// @notice The custody address of an fid (the zero address: none).
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error InvalidFid();
    error HasId();

    /// @notice Makes the caller the custody address of `fid`, taking it from its previous custody address if any.
    function register(uint256 fid) external {
        if (fid == 0) revert InvalidFid();
        if (idOf[msg.sender] != 0) revert HasId();
        address previous = custodyOf[fid];
        if (previous != address(0)) delete idOf[previous];
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, address(0));
    }
}
