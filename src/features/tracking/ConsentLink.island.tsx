/** Footer link that reopens the consent banner. */
export default function ConsentLink() {
  return (
    <button type="button" className="link-button" onClick={() => window.dispatchEvent(new Event('ffr:consent'))}>
      Gestion des cookies
    </button>
  );
}
