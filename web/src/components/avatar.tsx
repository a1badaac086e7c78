import { clsx } from 'clsx';
import { User as UserIcon } from 'lucide-react';
import { useState, type CSSProperties } from 'react';

const sizes = {
  xs: 'size-7 text-[0.6875rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-20 text-2xl',
};

/** Profile picture, or a placeholder with initials (or a person icon) when there is none. */
export function Avatar({
  src,
  initials,
  size = 'md',
  className,
  style,
}: {
  src?: string | null;
  initials?: string;
  size?: keyof typeof sizes;
  className?: string;
  /** E.g. a co-editor's presence colour as the background. */
  style?: CSSProperties;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-indigo-100 to-violet-100 font-semibold text-indigo-700 ring-2 ring-white',
        sizes[size],
        className,
      )}
      style={style}
      data-testid="avatar"
    >
      {showImage && src ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : initials ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <UserIcon className="size-1/2" aria-hidden="true" />
      )}
    </span>
  );
}
