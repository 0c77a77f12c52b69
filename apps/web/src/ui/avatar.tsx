import { isShownAvatar } from './format';

/** Our own uploads and foreign https avatars are shown (`isShownAvatar`); anything else gets the placeholder with an initial. */
export function Avatar({ url, name, size = 44 }: { url: string | null | undefined; name: string; size?: number }) {
  if (isShownAvatar(url)) {
    return <img className="avatar" src={url} alt="" width={size} height={size} referrerPolicy="no-referrer" />;
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      className="avatar avatar-placeholder"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
      data-testid="avatar-placeholder"
    >
      {initial}
    </span>
  );
}
