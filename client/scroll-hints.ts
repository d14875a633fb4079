// « Faites glisser le tableau… » shows exactly where an article's table scrolls sideways. CSS knows
// it where scroll timelines exist (src/features/reading/article/article.css); Firefox has none, so
// there each table that overflows its box is marked `is-scrollable`, and kept so as the width or
// the fonts change. `is-measured` says the guess from the screen's width no longer applies.

const update = (box: Element) => {
  box.classList.toggle('is-scrollable', box.scrollWidth > box.clientWidth);
  box.classList.add('is-measured');
};

export function markScrollingTables(): void {
  const observer = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const box = target.closest('.article-table');
      if (box) update(box);
    }
  });
  // The box changes with the screen, the table inside it with its content (a font arriving).
  for (const box of document.querySelectorAll('.article-table')) {
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
  }
}
