export function AccreditationBanner() {
  return (
    <aside className="accreditation-banner" aria-label="Accréditations presse">
      <div className="container accreditation-banner__inner">
        <p>
          <strong>Vous êtes journaliste ?</strong> Demandez votre accréditation aux rencontres internationales et aux événements
          presse de la Fédération.
        </p>
        <a className="button" href="/accreditations" data-track="action" data-track-category="banner">
          S’accréditer
        </a>
      </div>
    </aside>
  );
}
