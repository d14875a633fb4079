export type Crumb = { name: string; href: string };

/** « Accueil › … › this page »: `trail` from the home page down, `current` the page itself. */
export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav className="breadcrumb" aria-label="Fil d’Ariane">
      <ol>
        {trail.map((c) => (
          <li key={c.href}>
            <a href={c.href}>{c.name}</a>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
