/** The non-interactive map preview the landing page shows (exposed as `./MapPreview`). */
export default function MapPreview() {
  return <div role="img" aria-label="A preview of the galaxy map" style={{ minHeight: 240 }} />;
}
