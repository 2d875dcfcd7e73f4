// Injected into a copy of a report page by ReportPageBrowserTest: after the page has loaded, it
// writes what a reader would meet into <pre id="__browser_probe"> as JSON, which the test reads
// from Chromium's --dump-dom: script errors and failed loads, content wider than the window or
// cut off in a box that scrolls sideways (a folded <details> is a click away and not counted), and
// every chart figure that shows nothing.
(function () {
  var errors = [];
  window.addEventListener('error', function (e) {
    var t = e.target;
    errors.push(t && t !== window && (t.src || t.href)
      ? 'failed to load ' + (t.src || t.href) : 'script error: ' + e.message);
  }, true);
  var consoleError = console.error;
  console.error = function () {
    errors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
    consoleError.apply(console, arguments);
  };
  function name(el) {
    var c = typeof el.className === 'string' && el.className ? '.' + el.className.replace(/ /g, '.') : '';
    var label = el.querySelector && el.querySelector('caption, th, figcaption');
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + c
      + (label ? ' "' + label.textContent.trim().slice(0, 60) + '"' : '');
  }
  function probe() {
    var width = document.documentElement.clientWidth;
    var out = {width: width, scrollWidth: document.documentElement.scrollWidth, clipped: [],
      emptyCharts: [], charts: 0, tables: 0, errors: errors};
    document.querySelectorAll('body *').forEach(function (el) {
      if (el.closest('details:not([open])') || el.closest('svg') && el.tagName.toLowerCase() !== 'svg') {
        return;
      }
      var r = el.getBoundingClientRect();
      var up = el.parentElement.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && up.right <= width + 1) { // the outermost only
        out.clipped.push(name(el) + ' reaches ' + Math.round(r.right) + ' px of ' + width);
      }
      var ox = getComputedStyle(el).overflowX;
      if ((ox === 'auto' || ox === 'scroll' || ox === 'hidden') && el.scrollWidth > el.clientWidth + 1) {
        out.clipped.push(name(el) + ' scrolls sideways: ' + el.scrollWidth + ' px in ' + el.clientWidth);
      }
    });
    document.querySelectorAll('figure.chart').forEach(function (f) {
      out.charts++;
      var g = f.querySelector('svg, img');
      var r = g ? g.getBoundingClientRect() : null;
      if (!g || r.width < 50 || r.height < 50 || (g.tagName.toLowerCase() === 'img' && g.naturalWidth === 0)) {
        out.emptyCharts.push(name(f));
      }
    });
    out.tables = document.querySelectorAll('table').length;
    var p = document.createElement('pre');
    p.id = '__browser_probe';
    p.textContent = JSON.stringify(out);
    document.body.appendChild(p);
  }
  if (document.readyState === 'complete') { probe(); } else { window.addEventListener('load', probe); }
})();
