/** The home's banner: the federation's newsroom title over the banner image WordPress sends. */
export function HomeBanner({
  title,
  siteTitle,
  description,
  image,
}: {
  title: string;
  siteTitle: string;
  description: string;
  image: string;
}) {
  return (
    <section
      className="home-banner"
      style={
        image
          ? { backgroundImage: `linear-gradient(90deg, rgb(0 42 92 / 0.92), rgb(0 42 92 / 0.55)), url("${encodeURI(image)}")` }
          : undefined
      }
    >
      <div className="container">
        <h1 className="home-banner__title">
          {siteTitle}
          {title && title !== 'Accueil' ? <span> — {title}</span> : null}
        </h1>
        {description ? <p className="home-banner__text">{description}</p> : null}
      </div>
    </section>
  );
}
