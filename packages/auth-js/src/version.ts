/** Spec §9: the SDK version the `x-sdk-client` header announces. */
export const SDK_VERSION = '5.22.0';

/** The SDK's name in the `x-sdk-client` header. */
export const SDK_IDENTIFIER = '@keepsake/auth-js';
