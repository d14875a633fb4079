/**
 * Page links that work without JavaScript; « Voir plus » enhances them. With no total known
 * (`totalPages` null), the links go as far as the next page.
 */
export function Pagination({
  page,
  totalPages,
  hasNext,
  hrefFor,
}: {
  page: number;
  totalPages: number | null;
  hasNext?: boolean;
  hrefFor: (page: number) => string;
}) {
  const last = totalPages ?? (hasNext ? page + 1 : page);
  if (last <= 1) return null;
  const around = [...new Set([1, page - 1, page, page + 1, last])].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev">
          ‹ Précédent
        </a>
      ) : null}
      <ol>
        {around.map((n, i) => (
          <li key={n}>
            {i > 0 && n - around[i - 1]! > 1 ? <span aria-hidden="true">… </span> : null}
            {n === page ? (
              <span aria-current="page">{n}</span>
            ) : (
              <a href={hrefFor(n)} aria-label={`Page ${n}`}>
                {n}
              </a>
            )}
          </li>
        ))}
      </ol>
      {page < last ? (
        <a href={hrefFor(page + 1)} rel="next" data-next-page="">
          Suivant ›
        </a>
      ) : null}
    </nav>
  );
}
