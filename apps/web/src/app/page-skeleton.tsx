/**
 * The first paint's skeleton, the same markup index.html draws before any script runs (its inline styles): shown
 * while the first screen's chunk loads, so the page goes from skeleton to screen without a spinner in between.
 */
export function PageSkeleton() {
  return (
    <>
      <header className="boot-bar">
        <span className="boot-brand">Inicio</span>
      </header>
      <main className="boot-main" aria-busy="true">
        <div className="boot-card" role="status" aria-label="Cargando...">
          <div className="boot-paper">
            <div className="boot-line boot-title" />
            <div className="boot-line" style={{ width: '30%' }} />
            <div className="boot-line boot-field" />
            <div className="boot-line" style={{ width: '30%' }} />
            <div className="boot-line boot-field" />
            <div className="boot-line boot-button" />
          </div>
        </div>
      </main>
    </>
  );
}
