// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";

/// @title Keepsake ERC-721 collection
/// @notice One NFT collection. The owner (the single default admin, exposed as `owner()`) manages minters,
/// the base URI and the supply limit; minters mint in batches to many recipients in one transaction.
/// Token ids are sequential from 1. `tokenURI(id)` is `baseURI + id`: Keepsake serves the metadata, so
/// nothing per token is stored besides its owner (two fresh storage slots per NFT to a new holder).
contract KeepsakeCollection721 is ERC721, AccessControlDefaultAdminRules {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice A mint would take the number of tokens past the supply limit.
    error SupplyLimitExceeded(uint256 limit, uint256 requested);
    /// @notice The new supply limit is below the tokens already minted.
    error SupplyLimitBelowMinted(uint256 limit, uint256 minted);
    /// @notice A batch mint was called with no recipients.
    error EmptyBatch();

    event BaseURIUpdated(string baseURI);
    /// @notice ERC-7572: the contract-level metadata changed (emitted with every base URI change).
    event ContractURIUpdated();
    event SupplyLimitUpdated(uint256 limit);

    string private _base;
    /// @notice The highest number of tokens that can exist; 0 means no limit.
    uint256 public supplyLimit;
    /// @notice Tokens minted so far; the next token id is `totalMinted + 1`.
    uint256 public totalMinted;

    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        uint256 supplyLimit_,
        address owner_,
        address minter_
    ) ERC721(name_, symbol_) AccessControlDefaultAdminRules(0, owner_) {
        _base = baseURI_;
        supplyLimit = supplyLimit_;
        if (minter_ != address(0)) _grantRole(MINTER_ROLE, minter_);
    }

    /// @notice Mints one token to each recipient, with ids `firstTokenId, firstTokenId + 1, …` in order.
    function mintBatch(address[] calldata recipients) external onlyRole(MINTER_ROLE) returns (uint256 firstTokenId) {
        uint256 count = recipients.length;
        if (count == 0) revert EmptyBatch();
        uint256 minted = totalMinted;
        uint256 limit = supplyLimit;
        if (limit != 0 && minted + count > limit) revert SupplyLimitExceeded(limit, minted + count);
        firstTokenId = minted + 1;
        for (uint256 i = 0; i < count; ) {
            _mint(recipients[i], firstTokenId + i);
            unchecked {
                ++i;
            }
        }
        totalMinted = minted + count;
    }

    function setBaseURI(string calldata baseURI_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _base = baseURI_;
        emit BaseURIUpdated(baseURI_);
        emit ContractURIUpdated();
    }

    /// @notice Sets the supply limit (0 removes it). It cannot go below the tokens already minted.
    function setSupplyLimit(uint256 limit) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (limit != 0 && limit < totalMinted) revert SupplyLimitBelowMinted(limit, totalMinted);
        supplyLimit = limit;
        emit SupplyLimitUpdated(limit);
    }

    function baseURI() external view returns (string memory) {
        return _base;
    }

    /// @notice The collection-level metadata URL (ERC-7572): `baseURI + "contract"`, served by Keepsake next to
    /// the token metadata. Derived from the base URI, so it costs no storage and follows `setBaseURI`.
    function contractURI() external view returns (string memory) {
        return string.concat(_base, "contract");
    }

    /// @notice Tokens in existence (nothing is burnt, so equal to the tokens minted).
    function totalSupply() external view returns (uint256) {
        return totalMinted;
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControlDefaultAdminRules) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
