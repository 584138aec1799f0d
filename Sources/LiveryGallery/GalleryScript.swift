/// The page's script. It reads the clients from the JSON block, makes one
/// empty card per client, and fills a card only when it comes near the
/// viewport (IntersectionObserver), so a page of a thousand clients holds only
/// the nodes of the cards on screen. Every string from the repository goes into
/// the page through `textContent` or an attribute, never as markup.
enum GalleryScript {
    static let source = cardDrawing + "\n\n" + pageBehaviour

    /// The page around the cards: placing an empty card per client, filling the ones that come
    /// into view, the appearance buttons, the search and filters, and the detail dialog.
    static let pageBehaviour = #"""
        // A mark when the first cards are drawn, for measuring the page (performance.getEntriesByType('mark')).
        let firstDrawn = false;
        const observer = 'IntersectionObserver' in window ? new IntersectionObserver(entries => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            fill(entry.target);
          }
          if (!firstDrawn) { firstDrawn = true; performance.mark('livery-gallery-first-cards'); }
        }, { rootMargin: '800px 0px' }) : null;

        const cards = clients.map((client, index) => {
          const card = el('article', 'card pending');
          card.dataset.index = String(index);
          card.dataset.id = client.id;
          card.setAttribute('aria-label', client.name + ' (' + client.id + ')');
          if (client.errors) card.classList.add('invalid');
          // A client shown before and after takes a whole row, so both sides have a card's width.
          if (client.review && client.review.status !== 'unchanged') card.classList.add('changed', 'wide');
          card.append(el('h2', '', client.name));
          return card;
        });
        main.append(...cards);
        performance.mark('livery-gallery-cards-placed');
        if (!cards.length) main.append(el('p', 'empty', 'No clients.'));
        for (const card of cards) observer ? observer.observe(card) : fill(card);
        // The first screen is drawn at once, not on the observer's first callback: the
        // page opens complete, and a screenshot taken at load shows real cards.
        for (const card of cards) {
          if (!card.classList.contains('pending')) continue;
          if (card.getBoundingClientRect().top > window.innerHeight + 800) break;
          observer && observer.unobserve(card);
          fill(card);
        }

        function renderAll() {
          for (const card of cards) if (card.classList.contains('pending')) { observer && observer.unobserve(card); fill(card); }
        }

        function setMode(mode) {
          if (!modes.includes(mode)) return;
          body.dataset.mode = mode;
          for (const button of document.querySelectorAll('.modes button')) button.setAttribute('aria-pressed', String(button.dataset.mode === mode));
          try { history.replaceState(null, '', '#' + fragments[modes.indexOf(mode)]); } catch (error) { /* a page opened where history is read-only keeps its address */ }
        }
        for (const button of document.querySelectorAll('.modes button')) button.addEventListener('click', () => setMode(button.dataset.mode));
        setMode(modeOf(location.hash.slice(1)));

        // The colour vision view: every card through the deficiency's filter; kept in the
        // address (`?vision=deuteranopia`) so a view can be shared.
        const vision = document.getElementById('vision');
        function setVision(value) {
          if (![...vision.options].some(option => option.value === value)) value = '';
          vision.value = value;
          if (value) body.dataset.vision = value; else delete body.dataset.vision;
          try { history.replaceState(null, '', (value ? '?vision=' + value : location.pathname) + location.hash); } catch (error) { /* read-only history keeps its address */ }
        }
        vision.addEventListener('change', () => setVision(vision.value));
        setVision(new URLSearchParams(location.search).get('vision') || '');

        const search = document.getElementById('search');
        const parent = document.getElementById('parent');
        const warned = document.getElementById('warned');
        const summary = document.getElementById('shown');
        function filter() {
          const query = search.value.trim().toLowerCase();
          let shown = 0;
          cards.forEach((card, index) => {
            const client = clients[index];
            const visible = (!query || client.id.toLowerCase().includes(query) || String(client.name).toLowerCase().includes(query))
              && (!parent.value || (client.chain || []).slice(1).includes(parent.value))
              && (!warned.checked || (client.warnings || []).length > 0);
            card.hidden = !visible;
            if (visible) shown++;
          });
          summary.textContent = shown + ' of ' + clients.length + ' shown';
        }
        search.addEventListener('input', filter);
        parent.addEventListener('change', filter);
        warned.addEventListener('change', filter);
        filter();

        const dialog = document.getElementById('detail');
        document.getElementById('detail-close').addEventListener('click', () => dialog.close());
        function openDetail(index) {
          const client = clients[index];
          document.getElementById('detail-title').textContent = client.name + ' (' + client.id + ')';
          const rows = document.getElementById('detail-rows');
          rows.textContent = '';
          const changedPaths = client.review ? client.review.changed : [];
          for (const line of client.errors || []) {
            const row = el('tr');
            row.append(el('td', '', 'error'), el('td', '', line), el('td', '', ''));
            rows.append(row);
          }
          for (const line of client.warnings || []) {
            const row = el('tr');
            row.append(el('td', '', 'warning'), el('td', '', line), el('td', '', ''));
            rows.append(row);
          }
          for (const [path, value, via] of client.tokens || []) {
            const row = el('tr');
            if (changedPaths.some(item => item === path || item.startsWith(path + '.') || path.startsWith(item + '.'))) row.className = 'chg';
            row.append(el('td', '', path), el('td', '', value), el('td', '', via.map(at => (client.chain || [])[at]).join(', ')));
            rows.append(row);
          }
          dialog.showModal();
        }
        window.liveryGallery = { renderAll, setMode, openDetail, clients: clients.length };
        })();
        """#
}
