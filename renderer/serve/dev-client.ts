// The few lines of browser code the dev server adds to every page it serves (never to a build): listens to
// the server's events, reloads the page when its HTML changed (keeping the scroll position) and shows the
// current problems in an overlay. Plain JavaScript in a string: it is served as-is, with no bundling, and it
// lives outside the React root so hydration never sees it.

export const DEV_PREFIX = '/__cheatsheet/';
export const DEV_EVENTS = `${DEV_PREFIX}events`;
export const DEV_CLIENT = `${DEV_PREFIX}client.js`;

export const devClientScript = String.raw`(() => {
  const me = document.currentScript;
  const params = new URL(me.src).searchParams;
  const session = params.get('s');
  const generation = Number(params.get('g'));
  const SCROLL = 'cheatsheet:dev-scroll';
  const here = () => decodeURI(location.pathname);

  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL) || 'null');
    sessionStorage.removeItem(SCROLL);
    if (saved && saved.path === here()) {
      const restore = () => window.scrollTo(0, saved.y);
      restore();
      addEventListener('load', restore, { once: true });
      setTimeout(restore, 50);
      // Hydration can come after both (the site data is fetched first): restore once more then.
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute('data-hydrated')) return;
        observer.disconnect();
        restore();
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
    }
  } catch {}

  function reload() {
    try { sessionStorage.setItem(SCROLL, JSON.stringify({ path: here(), y: window.scrollY })); } catch {}
    location.reload();
  }

  let host;
  function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]); }
  function showProblems(problems) {
    if (!problems.length) { if (host) { host.remove(); host = undefined; } return; }
    if (!host) {
      host = document.createElement('cheatsheet-dev-overlay');
      host.attachShadow({ mode: 'open' });
      document.documentElement.appendChild(host);
    }
    const items = problems.map((p) => {
      return '<li>' + (p.where ? '<div class="where">' + esc(p.where) + '</div>' : '') +
        '<div class="message">' + esc(p.message) + '</div>' +
        (p.details.length ? '<pre>' + esc(p.details.join('\n')) + '</pre>' : '') +
        (p.hint ? '<div class="hint">' + esc(p.hint) + '</div>' : '') + '</li>';
    }).join('');
    host.shadowRoot.innerHTML = '<style>' +
      ':host{position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,20,.72);display:flex;align-items:flex-start;justify-content:center;overflow:auto;font:14px/1.5 system-ui,sans-serif}' +
      '.box{margin:6vh 16px;max-width:900px;width:100%;background:#1e1e1e;color:#eee;border-top:6px solid #e5484d;border-radius:6px;padding:20px 24px;box-shadow:0 10px 40px rgba(0,0,0,.5)}' +
      'h2{margin:0 0 4px;color:#ff6b6b;font-size:18px}p{margin:0 0 12px;color:#bbb}ul{list-style:none;margin:0;padding:0}li{border-top:1px solid #333;padding:12px 0}' +
      '.where{font:600 14px ui-monospace,monospace;color:#8cc4ff}.message{margin:4px 0}pre{white-space:pre-wrap;background:#111;padding:8px 10px;border-radius:4px;overflow:auto;font:12px ui-monospace,monospace}' +
      '.hint{color:#aaa;font-style:italic}button{float:right;background:none;border:1px solid #666;color:#eee;border-radius:4px;cursor:pointer;padding:2px 10px}</style>' +
      '<div class="box" role="alertdialog" aria-labelledby="t"><button type="button" aria-label="Close">×</button>' +
      '<h2 id="t">' + (problems.length === 1 ? 'Build error' : problems.length + ' build errors') + '</h2>' +
      '<p>The page shows the last version that built. Fix the file and save: this closes by itself.</p><ul>' + items + '</ul></div>';
    host.shadowRoot.querySelector('button').addEventListener('click', () => { if (host) { host.remove(); host = undefined; } });
  }
  addEventListener('keydown', (e) => { if (e.key === 'Escape' && host) { host.remove(); host = undefined; } });

  const events = new EventSource('${DEV_EVENTS}');
  events.addEventListener('hello', (e) => {
    const data = JSON.parse(e.data);
    // A new server, or a change applied between serving this page and connecting: the page may be stale.
    if (data.session !== session || (data.generation !== generation && !data.empty)) return reload();
    showProblems(data.problems);
  });
  events.addEventListener('reload', (e) => {
    const data = JSON.parse(e.data);
    if (data.paths === 'all' || data.paths.includes(here()) || document.documentElement.hasAttribute('data-cheatsheet-dev-error')) reload();
  });
  events.addEventListener('problems', (e) => showProblems(JSON.parse(e.data)));
})();
`;
