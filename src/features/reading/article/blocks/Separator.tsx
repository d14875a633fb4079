export function Separator() {
  return <hr className="article-separator" />;
}
