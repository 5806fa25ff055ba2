// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Keepsake devnet stand-in for Farcaster's KeyRegistry
/// @notice Local devnet and tests only (docs/decisions/108). Put at the address of Farcaster's KeyRegistry on
/// Optimism (0x00000000Fc1237824fb747aBDE0FF18990E59b7e) with anvil_setCode. the Farcaster auth client first asks
/// `keyDataOf(fid, key)` whether the signer is an auth address of the fid; on the devnet no address is one (every
/// key is in state NULL), so a sign-in message must be signed by the fid's custody address.
contract KeepsakeDevFarcasterKeyRegistry {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    /// @notice Always the NULL key: the devnet has no auth addresses.
    function keyDataOf(uint256, bytes calldata) external pure returns (KeyData memory) {
        return KeyData(KeyState.NULL, 0);
    }
}
