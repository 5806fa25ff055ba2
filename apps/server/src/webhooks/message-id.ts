/** Messages are stored under a UUID and named `msg_<32 hex digits>` on the wire (the `svix-id` header). */
export function toMessageId(uuid: string): string {
  return `msg_${uuid.replaceAll('-', '')}`;
}

/** The UUID behind a `msg_…` id; the input has matched the wire's `messageIdPattern` (@keepsake/wire/console/webhooks). */
export function fromMessageId(messageId: string): string {
  const hex = messageId.slice('msg_'.length);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
