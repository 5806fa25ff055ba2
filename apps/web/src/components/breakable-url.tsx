import { Fragment } from 'react';

/**
 * A URL that may wrap only after `/`, `.`, `?`, `&` and `=` (a `<wbr>` there), never inside a host label, port
 * or path segment: "localhost:3199" stays whole instead of breaking as "localhost:31 / 99".
 */
export function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=[/.?&=])/);
  return (
    <span className="break-normal [overflow-wrap:break-word]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
