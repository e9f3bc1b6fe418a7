// The home page's first data is asked for as soon as this runs, while the app's script downloads
// (index.html's preload links have usually started both requests already; these fetches take their
// answers): src/app/first-page.ts takes these answers (any other page asks when it renders). On a
// slow phone network that is one round trip (half a second) less before the first images are asked for.
// The images the first screen shows at once (the first active promotion, the first school: in
// view on every screen size, and usually the page's largest paint) are asked for as soon as those
// answers arrive, so they download while the app's script still does rather than after it runs;
// the app's <img> elements then find them loaded.
if (location.pathname === "/") {
  window.__firstRequests = {};
  const firstImages = {
    "/api/promotions": (body) => body.items.filter((p) => p.active).slice(0, 1),
    "/api/schools": (body) => body.items.slice(0, 1),
  };
  // Only a path on this origin: "/" then anything but another slash or a backslash (a browser reads
  // both "//host/x" and "/\host/x" as another host's URL).
  const preloadImage = (url) => {
    if (typeof url !== "string" || !/^\/(?![/\\])/.test(url)) return;
    const link = document.createElement("link");
    link.setAttribute("rel", "preload");
    link.setAttribute("as", "image");
    link.setAttribute("href", url);
    link.setAttribute("fetchpriority", "high");
    document.head.appendChild(link);
  };
  for (const path of ["/api/promotions", "/api/schools"]) {
    const headers = { Accept: "application/json, application/problem+json" };
    const pending = fetch(path, { credentials: "include", headers });
    pending
      .then((res) => (res.ok ? res.clone().json() : null))
      .then((body) => {
        if (body && Array.isArray(body.items))
          for (const item of firstImages[path](body)) preloadImage(item.imageUrl);
      })
      .catch(() => {});
    window.__firstRequests[path] = pending;
  }
}
