// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title Keepsake ERC-1155 collection
/// @notice A semi-fungible collection: each template is a token id with an optional supply limit. The owner
/// (the single default admin, exposed as `owner()`) manages minters, the base URI and the limits; minters
/// mint in batches to many recipients in one transaction. `uri(id)` is `baseURI + id`, served by Keepsake.
contract KeepsakeCollection1155 is ERC1155Supply, AccessControlDefaultAdminRules {
    using Strings for uint256;

    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice A mint would take token `id` past its supply limit.
    error SupplyLimitExceeded(uint256 id, uint256 limit, uint256 requested);
    /// @notice The new supply limit of `id` is below the amount already minted.
    error SupplyLimitBelowMinted(uint256 id, uint256 limit, uint256 minted);
    /// @notice The recipient, id and amount lists differ in length or are empty.
    error BatchLengthMismatch();

    event BaseURIUpdated(string baseURI);
    /// @notice ERC-7572: the contract-level metadata changed (emitted with every base URI change).
    event ContractURIUpdated();
    event SupplyLimitUpdated(uint256 indexed id, uint256 limit);

    string private _base;
    /// @notice The most of token `id` that can exist; 0 means no limit.
    mapping(uint256 id => uint256) public supplyLimit;

    constructor(string memory baseURI_, address owner_, address minter_) ERC1155("") AccessControlDefaultAdminRules(0, owner_) {
        _base = baseURI_;
        if (minter_ != address(0)) _grantRole(MINTER_ROLE, minter_);
    }

    /// @notice Mints `amounts[i]` of token `ids[i]` to `recipients[i]`, for every i.
    function mintBatch(address[] calldata recipients, uint256[] calldata ids, uint256[] calldata amounts) external onlyRole(MINTER_ROLE) {
        uint256 count = recipients.length;
        if (count == 0 || ids.length != count || amounts.length != count) revert BatchLengthMismatch();
        for (uint256 i = 0; i < count; ) {
            _mint(recipients[i], ids[i], amounts[i], "");
            unchecked {
                ++i;
            }
        }
    }

    /// @notice Sets the supply limit of token `id` (0 removes it). It cannot go below the amount already minted.
    function setSupplyLimit(uint256 id, uint256 limit) external onlyRole(DEFAULT_ADMIN_ROLE) {
        uint256 minted = totalSupply(id);
        if (limit != 0 && limit < minted) revert SupplyLimitBelowMinted(id, limit, minted);
        supplyLimit[id] = limit;
        emit SupplyLimitUpdated(id, limit);
    }

    function setBaseURI(string calldata baseURI_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _base = baseURI_;
        emit BaseURIUpdated(baseURI_);
        emit ContractURIUpdated();
    }

    function baseURI() external view returns (string memory) {
        return _base;
    }

    /// @notice The collection-level metadata URL (ERC-7572): `baseURI + "contract"`, served by Keepsake next to
    /// the token metadata. Derived from the base URI, so it costs no storage and follows `setBaseURI`.
    function contractURI() external view returns (string memory) {
        return string.concat(_base, "contract");
    }

    function uri(uint256 id) public view override returns (string memory) {
        return string.concat(_base, id.toString());
    }

    function _update(address from, address to, uint256[] memory ids, uint256[] memory values) internal override {
        super._update(from, to, ids, values);
        if (from == address(0)) {
            for (uint256 i = 0; i < ids.length; ++i) {
                uint256 limit = supplyLimit[ids[i]];
                uint256 supply = totalSupply(ids[i]);
                if (limit != 0 && supply > limit) revert SupplyLimitExceeded(ids[i], limit, supply);
            }
        }
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControlDefaultAdminRules) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
