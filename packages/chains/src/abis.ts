// The parts of the Keepsake contracts' ABIs that the actions call, in human-readable form (typed by viem).
// packages/contracts' tests check that each fragment matches the compiled artifact.
import { parseAbi } from 'viem';

const roles = [
  'function MINTER_ROLE() view returns (bytes32)',
  'function DEFAULT_ADMIN_ROLE() view returns (bytes32)',
  'function hasRole(bytes32 role, address account) view returns (bool)',
  'function grantRole(bytes32 role, address account)',
  'function revokeRole(bytes32 role, address account)',
  'function owner() view returns (address)',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
  // ERC-7572 contract-level metadata: baseURI + "contract".
  'function contractURI() view returns (string)',
  'event ContractURIUpdated()',
] as const;

export const collection721Abi = parseAbi([
  ...roles,
  'function mintBatch(address[] recipients) returns (uint256 firstTokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function baseURI() view returns (string)',
  'function setBaseURI(string baseURI)',
  'function supplyLimit() view returns (uint256)',
  'function setSupplyLimit(uint256 limit)',
  'function totalMinted() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'error SupplyLimitExceeded(uint256 limit, uint256 requested)',
  'error SupplyLimitBelowMinted(uint256 limit, uint256 minted)',
  'error EmptyBatch()',
  'error ERC721NonexistentToken(uint256 tokenId)',
]);

export const collection1155Abi = parseAbi([
  ...roles,
  'function mintBatch(address[] recipients, uint256[] ids, uint256[] amounts)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function uri(uint256 id) view returns (string)',
  'function baseURI() view returns (string)',
  'function setBaseURI(string baseURI)',
  'function supplyLimit(uint256 id) view returns (uint256)',
  'function setSupplyLimit(uint256 id, uint256 limit)',
  'function totalSupply(uint256 id) view returns (uint256)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'error SupplyLimitExceeded(uint256 id, uint256 limit, uint256 requested)',
  'error SupplyLimitBelowMinted(uint256 id, uint256 limit, uint256 minted)',
  'error BatchLengthMismatch()',
]);

export const testUsdAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function owner() view returns (address)',
  'function decimals() pure returns (uint8)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function balanceOf(address account) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function totalSupply() view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'error OwnableUnauthorizedAccount(address account)',
  'error OwnableInvalidOwner(address owner)',
  // OpenZeppelin's ERC20 errors (ERC-6093), so that a refused mint or transfer says why.
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
]);

/** KeepsakePayments (ADR 106): checkout payments naming their order, held in escrow until released or refunded. */
export const paymentsAbi = parseAbi([
  'function pay(bytes32 orderId, address token, uint256 amount)',
  'function payNative(bytes32 orderId) payable',
  'function release(bytes32 orderId, address token, address seller, uint256 sellerAmount, address feeRecipient, uint256 feeAmount)',
  'function refund(bytes32 orderId, address token, address to, uint256 amount)',
  'function held(bytes32 orderId, address token) view returns (uint256)',
  'function owner() view returns (address)',
  'event OrderPaid(bytes32 indexed orderId, address indexed payer, address token, uint256 amount)',
  'event OrderReleased(bytes32 indexed orderId, address token, address seller, uint256 sellerAmount, address feeRecipient, uint256 feeAmount)',
  'event OrderRefunded(bytes32 indexed orderId, address token, address to, uint256 amount)',
  'error ZeroAmount()',
  'error NativeTokenNotAllowed()',
  'error InsufficientEscrow(bytes32 orderId, address token, uint256 held, uint256 requested)',
  'error OwnableUnauthorizedAccount(address account)',
]);

/** The ERC-20 calls a payer's wallet makes before paying (any token, not only Keepsake's). */
export const erc20PaymentAbi = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
]);
