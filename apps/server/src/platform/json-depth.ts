// How deep JSON may nest (issue 22 item 7). Much of what handles a parsed body recurses: JSON.stringify when it is
// stored or answered, the schema validators, the logger's serializers, the drivers. A body of `{"a":{"a":…}}` 5,000
// levels deep overflowed the stack there: a 500 with `RangeError: Maximum call stack size exceeded`, before any
// authentication on /sdk/v1/events. JSON.parse itself does not recurse, but it spends ~100 ms on a megabyte of `[`.
// So the depth is counted on the text, before it is parsed, and the counting stops at the first level too many.

/**
 * The deepest nesting a JSON body may have: objects and arrays within each other, the body itself being level 1.
 * The deepest body a route of Keepsake defines is about 6 levels (an order's line items, an NFT's metadata
 * attributes); free-form fields (`untrusted_metadata`, NFT metadata, event `details`) get room for 25 levels of
 * their own, and nothing recursive comes near its stack limit at 32.
 */
export const maxJsonDepth = 32;

/**
 * Whether JSON text nests objects and arrays more than `limit` levels deep. One pass without recursion, jumping over
 * strings with indexOf (a quote inside a string is escaped by an odd run of backslashes), and stopping at the first
 * level too many, so that a body that is all `[` costs as little as a short one. Text that is not JSON gets an
 * answer too; JSON.parse refuses it afterwards.
 *
 * @example
 * jsonDeeperThan('{"a":[1,{"b":"[[["}]}', 3); // false: 3 levels, the brackets in the string do not count
 * jsonDeeperThan('[[[[1]]]]', 3); // true
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === 0x5c /* \ */) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

export const jsonTooDeepMessage = `The JSON body nests objects and arrays more than ${maxJsonDepth} levels deep, which no field accepts.`;
