/**
 * A route parameter's name as a person reads it: `site_id` → "Site id", `majorComponentId` →
 * "Major component id", `domain` → "Domain". The manifests name parameters for code; the forms that
 * ask for them label them with this.
 */
export function paramLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return name;
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
