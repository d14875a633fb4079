// How every form of the site marks what must be filled (the CF7 forms, the journalist profile window).

/** After a required field's label: seen, not read (the field itself says `required`). */
export const RequiredMark = () => (
  <span className="form__required" aria-hidden="true">
    {' *'}
  </span>
);

/** Above a form with required fields. */
export const RequiredLegend = () => <p className="form__legend">Les champs marqués d’un astérisque (*) sont obligatoires.</p>;
