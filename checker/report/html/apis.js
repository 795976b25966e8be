// The API table of a docs-check site: every API with a cell per version and
// product, filtered and shown a page of rows at a time (a whole docs tree is
// thousands of APIs; the DOM holds one page of them). The filter lives in the
// address (#q=put_metric&product=ascend-950), so a filtered view is a link.
// Every text is set as text (textContent, setAttribute): never parsed as HTML.
(function () {
  "use strict";
  var D = window.DOCS_CHECK_APIS, W = D.words, ROWS_PER_PAGE = 100;
  var STATUS = { s: "supported", u: "unsupported", n: "unstated", c: "conflict" };
  var MARK = { s: "\u2714", u: "\u2718", n: "\u2013", c: "!" };
  var VERIFIED = { N: "npu", R: "reference", F: "fake", "-": "none" };
  var state = { q: "", lang: "", ref: "", version: "", product: "", status: "", finding: "",
                verified: "", tests: "", page: 1 };

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs) node.setAttribute(name, attrs[name]);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return String(values[key]); });
  }
  function readAddress() {
    location.hash.slice(1).split("&").forEach(function (part) {
      var at = part.indexOf("=");
      if (at < 0) return;
      var key = decodeURIComponent(part.slice(0, at)), value = decodeURIComponent(part.slice(at + 1));
      if (Object.prototype.hasOwnProperty.call(state, key)) state[key] = key === "page" ? (parseInt(value, 10) || 1) : value;
    });
  }
  function writeAddress() {
    var parts = [];
    for (var key in state) {
      var value = state[key];
      if (value && !(key === "page" && value === 1)) parts.push(key + "=" + encodeURIComponent(value));
    }
    try { history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname); } catch (e) { /* a browser that refuses it on file:// keeps the old address */ }
  }
  function chosen(list, value) {
    var found = [];
    for (var i = 0; i < list.length; i++) if (!value || list[i] === value) found.push(i);
    return found;
  }
  function rowMatches(row, versions, products) {
    if (state.lang && D.langs[row[1]] !== state.lang) return false;
    if (state.ref && D.refs[row[5]] !== state.ref) return false;
    if (state.q && row[0].toLowerCase().indexOf(state.q.toLowerCase()) < 0) return false;
    var rules = row[3];
    if (state.finding === "+" && !rules.length) return false;
    if (state.finding === "-" && rules.length) return false;
    if (state.finding && state.finding !== "+" && state.finding !== "-" && rules.indexOf(state.finding) < 0) return false;
    // a status or verification asked for: some shown cell must have both
    var present = false, hit = !state.status && !state.verified, tested = false;
    versions.forEach(function (v) {
      var cell = row[2][v];
      if (!cell) return;
      present = true;
      if (cell[4] > 0) tested = true;
      products.forEach(function (p) {
        var s = cell[1].charAt(p);
        if (s === ".") return;
        var verified = VERIFIED[cell[3].charAt(p) || "-"];
        if ((!state.status || STATUS[s] === state.status) && (!state.verified || verified === state.verified)) hit = true;
      });
    });
    if (!present) return false;
    if (state.tests === "+" && !tested) return false;
    if (state.tests === "-" && tested) return false;
    return hit;
  }
  function cellOf(row, v, p, names) {
    var cell = row[2][v];
    if (!cell || cell[1].charAt(p) === ".") return el("td", { "class": "out" });
    var s = cell[1].charAt(p), verified = VERIFIED[cell[3].charAt(p) || "-"];
    var td = el("td", { "class": "st " + STATUS[s] + (verified !== "none" ? " v-" + verified : "") });
    // entries that state the product otherwise (cell[5]): a mark and a link per statement
    var sides = (cell[5] || []).filter(function (side) { return side[0] === p; });
    if (!sides.length) sides = [[p, cell[0], cell[2][p], s]];
    sides.forEach(function (side) {
      var title = say(W.cell, { version: D.versions[v], product: names[p], status: W.status[STATUS[side[3]]], line: side[2] });
      if (D.verified) title += " \u00b7 " + W.verified[verified];
      td.appendChild(el("a", { href: D.pages[side[1]] + "#L" + side[2], title: title }, MARK[side[3]]));
    });
    return td;
  }
  function render() {
    var versions = chosen(D.versions, state.version), products = chosen(D.products, state.product);
    var lang = state.lang || D.langs[0], names = D.names[lang] || D.products;
    var rows = D.rows.filter(function (row) { return rowMatches(row, versions, products); });
    var pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
    state.page = Math.min(Math.max(1, state.page), pages);
    var head = document.getElementById("api-head"), body = document.getElementById("api-rows");
    head.textContent = ""; body.textContent = "";
    var top = el("tr"), under = el("tr");
    top.appendChild(el("th", { rowspan: "2" }, W.api));
    versions.forEach(function (v) {
      top.appendChild(el("th", { colspan: String(products.length) }, D.versions[v]));
      products.forEach(function (p) { under.appendChild(el("th", { title: names[p] }, names[p])); });
    });
    top.appendChild(el("th", { rowspan: "2" }, W.findings));
    if (D.tested) top.appendChild(el("th", { rowspan: "2" }, W.tests));
    head.appendChild(top); head.appendChild(under);
    rows.slice((state.page - 1) * ROWS_PER_PAGE, state.page * ROWS_PER_PAGE).forEach(function (row) {
      var tr = el("tr", { "data-api": row[0], "data-lang": D.langs[row[1]] });
      if (D.refs.length > 1) tr.setAttribute("data-ref", D.refs[row[5]]);
      tr.appendChild(el("td", { "class": "api" }, row[0]));
      versions.forEach(function (v) { products.forEach(function (p) { tr.appendChild(cellOf(row, v, p, names)); }); });
      tr.appendChild(el("td", { "class": "n", title: row[3].join(" ") }, row[4] ? String(row[4]) : ""));
      if (D.tested) {
        var count = 0;
        versions.forEach(function (v) { if (row[2][v]) count = Math.max(count, row[2][v][4]); });
        tr.appendChild(el("td", { "class": "n" }, String(count)));
      }
      body.appendChild(tr);
    });
    document.getElementById("api-count").textContent = rows.length
      ? say(W.shown, { shown: rows.length, total: D.rows.length }) : W.nothing;
    document.getElementById("api-page").textContent = say(W.page, { page: state.page, pages: pages });
    document.getElementById("api-prev").disabled = state.page <= 1;
    document.getElementById("api-next").disabled = state.page >= pages;
    writeAddress();
  }
  function fill(id, values, labels) {
    var select = document.getElementById(id);
    if (!select) return;
    values.forEach(function (value, i) { select.appendChild(el("option", { value: value }, labels ? labels[i] : value)); });
  }
  readAddress();
  fill("f-lang", D.langs);
  fill("f-ref", D.refs);
  fill("f-version", D.versions);
  fill("f-product", D.products, D.names[state.lang || D.langs[0]] || D.products);
  fill("f-finding", D.rules);
  ["q", "lang", "ref", "version", "product", "status", "finding", "verified", "tests"].forEach(function (key) {
    var input = document.getElementById("f-" + key);
    if (!input) return;
    input.value = state[key];
    input.addEventListener(key === "q" ? "input" : "change", function () { state[key] = input.value; state.page = 1; render(); });
  });
  document.getElementById("api-prev").addEventListener("click", function () { state.page -= 1; render(); });
  document.getElementById("api-next").addEventListener("click", function () { state.page += 1; render(); });
  render();
})();
