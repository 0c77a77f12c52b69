// flag-icons ships one SVG per country; Vite turns each into a hashed asset URL, and only the
// flags actually shown are ever downloaded.
const FLAGS = import.meta.glob<string>('../../../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

const byCode = new Map<string, string>();
for (const [path, url] of Object.entries(FLAGS)) {
  const code = /([a-z-]+)\.svg$/.exec(path)?.[1];
  if (code) byCode.set(code, url);
}

export function flagUrl(country: string | null | undefined): string | null {
  if (!country || !/^[a-z]{2}$/i.test(country)) return null;
  return byCode.get(country.toLowerCase()) ?? null;
}

/** A seat's country flag (SPEC §2); nothing when the country is unknown. */
export function Flag({ country }: { country: string | null | undefined }) {
  const url = flagUrl(country);
  if (!url) return null;
  return <img className="seat-flag" src={url} alt={country!.toUpperCase()} width={20} height={15} loading="lazy" />;
}
