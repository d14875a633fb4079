/**
 * « Vouliez-vous dire « équipe » ? », the corrected words in bold: a no-break space inside the
 * guillemets, a narrow one before « ? » (the live panel and /recherche say it alike).
 */
export function DidYouMean({ words }: { words: string }) {
  return (
    <>
      {'Vouliez-vous dire «\u00a0'}
      <strong>{words}</strong>
      {'\u00a0»\u202f?'}
    </>
  );
}
