/** `0x1234…abcd`: the start and end of an address, for tables (the full address stays the accessible name). */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
