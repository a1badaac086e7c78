/**
 * A few stroke icons (lucide's path data, ISC) drawn without lucide-react's runtime, for the
 * eagerly loaded public pages whose JS budget is tight. Signed-in screens use lucide-react.
 */
export type LightIconName =
  'menu' | 'x' | 'check' | 'arrow-right' | 'folders' | 'users' | 'devices';

const paths: Record<LightIconName, string> = {
  menu: 'M4 5h16M4 12h16M4 19h16',
  x: 'M18 6 6 18M6 6l12 12',
  check: 'M20 6 9 17l-5-5',
  'arrow-right': 'M5 12h14m-7-7 7 7-7 7',
  folders:
    'M4 20h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.93a2 2 0 0 1-1.66-.9l-.82-1.2A2 2 0 0 0 7.93 3H4a2 2 0 0 0-2 2v13c0 1.1.9 2 2 2ZM8 10v4m4-4v2m4-2v6',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M16 3.13a4 4 0 0 1 0 7.74M22 21v-2a4 4 0 0 0-3-3.87M5 7a4 4 0 1 0 8 0 4 4 0 1 0-8 0',
  devices:
    'M18 8V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h8m-2 4v-4M7 19h5m6-7h2a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2Z',
};

export function LightIcon({
  name,
  className,
  strokeWidth = 2,
}: {
  name: LightIconName;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
