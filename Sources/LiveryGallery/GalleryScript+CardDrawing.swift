extension GalleryScript {
    /// Opens the script (the clients' data, the appearances) and draws one client's card: its
    /// header, its changes under review, and a preview of every token kind.
    static let cardDrawing = #"""
        (() => {
        'use strict';
        const data = JSON.parse(document.getElementById('gallery-data').textContent);
        const clients = data.clients;
        const review = data.review === true;
        const modes = ['light', 'dark', 'hcl', 'hcd'];
        // The address names the appearance in words (#high-contrast-dark); the short names
        // the page used before still open it.
        const fragments = ['light', 'dark', 'high-contrast-light', 'high-contrast-dark'];
        function modeOf(fragment) {
          const at = fragments.indexOf(fragment);
          return at >= 0 ? modes[at] : modes.includes(fragment) ? fragment : 'light';
        }
        const body = document.body;
        const main = document.getElementById('cards');
        const foregroundNames = ['foreground', 'textColor', 'titleColor', 'color', 'text', 'title', 'tint'];

        function el(tag, className, text) {
          const node = document.createElement(tag);
          if (className) node.className = className;
          if (text !== undefined) node.textContent = text;
          return node;
        }
        // Colours are #RRGGBB[AA] written by livery, or for a colour written beyond hex
        // [sRGB fallback, the colour as written, whether it lies outside sRGB]; anything else is dropped.
        const hex = /^#[0-9A-F]{6}([0-9A-F]{2})?$/;
        const wideText = /^(color\(display-p3 |oklch\()[0-9. %\/-]+\)$/;
        // The colour as written where the browser can draw it (it maps it to the screen's gamut), else the fallback.
        function paint(value) {
          if (typeof value === 'string') return hex.test(value) ? value : null;
          if (!Array.isArray(value) || !hex.test(value[0])) return null;
          return wideText.test(value[1]) && window.CSS && CSS.supports('color', value[1]) ? value[1] : value[0];
        }
        function written(value) {
          return Array.isArray(value) ? value[1] + ' (sRGB ' + value[0] + (value[2] ? ', outside sRGB' : '') + ')' : String(value);
        }
        function tone(node, back, fore, border) {
          for (let i = 0; i < 4; i++) {
            const b = back && paint(back[i]), f = fore && paint(fore[i]), k = border && paint(border[i]);
            if (b) node.style.setProperty('--b' + i, b);
            if (f) node.style.setProperty('--f' + i, f);
            if (k) node.style.setProperty('--k' + i, k);
          }
          node.classList.add('tone');
          return node;
        }
        function px(value, low, high) {
          return typeof value === 'number' ? Math.max(low, Math.min(high, value)) + 'px' : '';
        }
        function quoted(family) {
          return '"' + String(family).replace(/[\\"]/g, '\\$&').replace(/[\u0000-\u001f]/g, ' ') + '"';
        }
        function font(node, spec, maxSize) {
          if (!Array.isArray(spec)) return;
          const [family, size, weight, face] = spec;
          node.style.fontFamily = (face ? face + ', ' : '') + quoted(family) + ', system-ui, sans-serif';
          node.style.fontSize = px(size, 6, maxSize || 48);
          node.style.fontWeight = String(weight);
        }
        // A token name as a label that wraps between its words: after a lower-case letter or
        // digit followed by a capital (secondary|Text), and after . - _ (a word that still
        // does not fit is broken by the style sheet, as a last resort).
        function label(name) {
          const box = document.createDocumentFragment();
          const parts = String(name).split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[._-])/);
          parts.forEach((part, i) => { if (i) box.append(el('wbr')); box.append(part); });
          return box;
        }
        function changed(side, path) {
          return side.changed.some(item => item === path || item.startsWith(path + '.'));
        }
        // A colour changed in some appearances only is outlined in those (chg-0 … chg-3).
        function mark(node, side, path) {
          node.dataset.path = path;
          if (!side.changed || !changed(side, path)) return node;
          const only = side.modes && Object.prototype.hasOwnProperty.call(side.modes, path) ? side.modes[path] : null;
          if (Array.isArray(only)) { for (const index of only) node.classList.add('chg-' + index); } else node.classList.add('chg');
          return node;
        }
        function named(state, name) {
          const entry = (state.colors || []).find(item => item[0] === name);
          return entry ? entry[1] : null;
        }

        function swatches(state, side) {
          const box = el('div', 'swatches');
          for (const [name, colors] of state.colors || []) {
            const swatch = el('div', 'sw');
            const chip = tone(el('i', 'chip'), colors);
            chip.title = name + ': ' + colors.map(written).join(' / ');
            // Marked where some appearance lies outside sRGB: a screen without a wide gamut shows its fallback.
            if (colors.some(value => Array.isArray(value) && value[2] === true)) chip.classList.add('wide');
            // Marked where livery derived the high-contrast values from the brand's own colour.
            if ((state.derived || []).includes(name)) {
              chip.classList.add('derived');
              chip.title += ' (high contrast derived by livery)';
            }
            // The outline goes round the swatch and its label, never over the label.
            swatch.append(chip, label(name));
            mark(swatch, side, 'colors.' + name);
            box.append(swatch);
          }
          if (state.moreColors) box.append(el('span', 'sw', '+' + state.moreColors + ' more in details'));
          return box;
        }
        function palettes(state, side) {
          const box = el('div');
          for (const [name, shades] of state.palettes || []) {
            const row = mark(el('div', 'palette', name), side, 'palettes.' + name);
            const strip = el('span', 'shades');
            for (const shade of shades) {
              const color = paint(shade);
              if (!color) continue;
              const cell = el('i');
              cell.style.background = color;
              cell.title = written(shade);
              if (Array.isArray(shade) && shade[2] === true) cell.classList.add('wide');
              strip.append(cell);
            }
            row.append(strip);
            box.append(row);
          }
          return box;
        }
        function specimens(state, side) {
          const box = el('div');
          for (const [name, ...spec] of state.fonts || []) {
            const line = mark(el('div', 'spec', 'The quick brown fox 0123'), side, 'fonts.' + name);
            font(line, spec, 40);
            line.append(el('small', '', name + ' · ' + spec[0] + ' ' + spec[1] + ' / ' + spec[2]));
            box.append(line);
          }
          return box;
        }
        function sample(kind, variant, p) {
          const fore = foregroundNames.map(name => p[name]).find(Array.isArray);
          const back = p.background || p.backgroundColor;
          if (kind === 'switch') {
            const track = tone(el('span', 'track'), p.tint || p.track);
            track.append(tone(el('i'), p.thumb || ['#FFFFFF', '#FFFFFF', '#FFFFFF', '#FFFFFF']));
            return track;
          }
          const text = kind === 'text' ? variant.charAt(0).toUpperCase() + variant.slice(1) + ' text'
            : kind === 'textField' ? 'Placeholder' : kind === 'card' ? 'Card content' : variant.charAt(0).toUpperCase() + variant.slice(1);
          const node = tone(el('span', 'sample', text), back, fore, p.border);
          font(node, p.font || p.titleFont, 30);
          const radius = typeof p.shape === 'number' ? p.shape : p.cornerRadius;
          if (radius === -1) node.style.borderRadius = '999px';
          else if (typeof radius === 'number') node.style.borderRadius = px(radius, 0, 60);
          if (p.border) node.style.borderWidth = px(p.borderWidth === undefined ? 1 : p.borderWidth, 0, 8);
          const height = p.height !== undefined ? p.height : p.minHeight;
          if (height !== undefined) node.style.minHeight = px(height, 0, 80);
          if (p.padding !== undefined) node.style.padding = '0 ' + px(p.padding, 0, 40);
          if (radius === -2) {
            // A circle is as wide as it is tall, whatever its label.
            const size = px(height !== undefined ? height : 44, 16, 80);
            Object.assign(node.style, { borderRadius: '50%', width: size, height: size, minHeight: size, padding: '0', fontSize: '10px' });
          }
          if (kind === 'card') {
            node.style.padding = px(p.padding === undefined ? 12 : p.padding, 0, 40);
            node.style.minWidth = '140px';
            const depth = typeof p.elevation === 'number' ? p.elevation : 0;
            node.style.boxShadow = '0 ' + px(depth, 0, 24) + ' ' + px(depth * 3, 0, 72) + ' rgba(0,0,0,.35)';
          }
          if (p.underline === true) node.style.textDecoration = 'underline';
          return node;
        }
        function components(state, side) {
          const box = el('div', 'comps');
          for (const [kind, variant, properties] of state.components || []) {
            const figure = mark(el('figure', 'comp'), side, 'components.' + kind + '.' + variant);
            const caption = el('figcaption');
            caption.append(label(kind + '.' + variant));
            figure.append(sample(kind, variant, properties), caption);
            box.append(figure);
          }
          return box;
        }
        function images(state, side) {
          const box = el('div', 'images');
          for (const [name, path, light, dark] of state.images || []) {
            const figure = mark(el('figure'), side, 'images.' + name);
            for (const [url, only] of [[light, dark ? 'only-light' : ''], [dark, 'only-dark']]) {
              if (!url) continue;
              if (/\.pdf$/.test(url)) { figure.append(el('span', only, 'PDF')); continue; }
              const image = el('img', only);
              image.loading = 'lazy';
              image.alt = name;
              image.src = url;
              figure.append(image);
            }
            if (!light) figure.append(el('span', '', path));
            figure.append(el('figcaption', '', name));
            box.append(figure);
          }
          return box;
        }
        function badges(state, side) {
          const box = el('div', 'badges');
          for (const [component, fore, back, ratios] of state.contrast || []) {
            const badge = mark(el('span', 'badge', component), side, 'components.' + component);
            ratios.forEach((ratio, i) => {
              const level = ratio >= 7 ? 'AAA' : ratio >= 4.5 ? 'AA' : 'fail';
              badge.setAttribute('data-l' + i, level);
              badge.setAttribute('data-t' + i, level + ' ' + ratio.toFixed(2));
            });
            badge.title = component + ': ' + fore + ' on ' + back + ', contrast ' + ratios.map(r => r.toFixed(2)).join(' / ') + ' (light / dark / high contrast)';
            box.append(badge);
          }
          return box;
        }
        function names(state) {
          const box = el('ul', 'names');
          for (const [tag, language, name, rtl] of state.names || []) {
            const item = el('li');
            const text = el('span', 'name', name);
            text.lang = tag;
            text.dir = rtl ? 'rtl' : 'ltr';
            item.append(el('code', '', tag), ' ', el('span', 'language', language), ' ', text);
            box.append(item);
          }
          return box;
        }
        function store(state) {
          const box = el('div', 'store');
          if (state.store.icon) {
            for (const [shape, label] of [['app-store', 'App Store'], ['play', 'Google Play']]) {
              const figure = el('figure', 'store-icon ' + shape);
              const image = el('img');
              image.loading = 'lazy';
              image.alt = label + ' icon';
              image.src = state.store.icon;
              figure.append(image, el('figcaption', '', label));
              box.append(figure);
            }
          }
          const list = el('ul', 'titles');
          for (const [tag, name, title, rtl] of state.store.titles || []) {
            const item = el('li');
            item.append(el('code', '', tag));
            for (const [store, text] of [['App Store', name], ['Play', title]]) {
              if (text === null) continue;
              const span = el('span', 'title', text);
              span.lang = tag;
              span.dir = rtl ? 'rtl' : 'ltr';
              span.title = store;
              item.append(' ', el('span', 'language', store + ':'), ' ', span);
            }
            list.append(item);
          }
          box.append(list);
          return box;
        }
        function problems(list, className, limit) {
          const box = el('ul', className);
          for (const line of list.slice(0, limit)) box.append(el('li', '', line));
          if (list.length > limit) box.append(el('li', '', (list.length - limit) + ' more in details'));
          return box;
        }
        function section(title, content) {
          const box = el('section');
          box.append(el('h3', '', title), content);
          return box;
        }
        function preview(state, side) {
          const box = el('div', 'preview');
          if (state.errors) {
            box.classList.add('problems');
            box.append(el('strong', '', 'Invalid: not shown until these errors are fixed'), problems(state.errors, 'errors', 20));
            return box;
          }
          tone(box, named(state, 'background') || ['#FFFFFF', '#121212', '#FFFFFF', '#000000'],
            named(state, 'foreground') || ['#1B1D21', '#ECEEF2', '#000000', '#FFFFFF']);
          if ((state.names || []).length) box.append(section('Names', names(state)));
          if (state.store) box.append(section('Store', store(state)));
          if (state.contract) box.append(section('Contract', el('p', 'contract', state.contract[0] + ' · ' + state.contract[1])));
          box.append(section('Colours', swatches(state, side)));
          if ((state.palettes || []).length) box.append(section('Palettes', palettes(state, side)));
          if ((state.fonts || []).length) box.append(section('Type', specimens(state, side)));
          if ((state.components || []).length) box.append(section('Components', components(state, side)));
          if ((state.images || []).length) box.append(section('Images', images(state, side)));
          if ((state.contrast || []).length) box.append(section('Contrast', badges(state, side)));
          if ((state.warnings || []).length) {
            const list = problems(state.warnings, 'warnings', 8);
            const holder = el('div', 'problems');
            holder.append(el('strong', '', 'Warnings'), list);
            box.append(holder);
          }
          return box;
        }

        // A removed client's after side: no preview, and no error either.
        function gone() {
          const box = el('div', 'preview removed');
          box.append(el('strong', '', 'Removed in ' + data.revision));
          return box;
        }
        function header(client, index) {
          const head = el('div', 'head');
          if (client.icon) {
            const icon = el('img', 'icon');
            icon.loading = 'lazy';
            icon.alt = '';
            icon.src = client.icon;
            head.append(icon);
          }
          const titles = el('div');
          titles.append(el('h2', '', client.name), el('span', 'id', client.id));
          if (client.chain && client.chain.length > 1) titles.append(el('p', 'chain', 'extends ' + client.chain.slice(1).join(' → ')));
          head.append(titles);
          if (client.review && client.review.status !== 'unchanged') {
            const status = client.review.status + (client.review.renamedFrom ? ' from ' + client.review.renamedFrom : '');
            head.append(el('span', 'tag status', status));
          }
          if (client.errors) head.append(el('span', 'tag bad', 'invalid'));
          const warnings = (client.warnings || []).length;
          if (warnings) head.append(el('span', 'tag warn', warnings + (warnings === 1 ? ' warning' : ' warnings')));
          const button = el('button', 'details', 'Details');
          button.type = 'button';
          button.setAttribute('aria-label', 'Details of ' + client.id);
          button.addEventListener('click', () => openDetail(index));
          head.append(button);
          return head;
        }

        // What changed, a rename as one item (old → new), each breaking one marked.
        function changeList(r) {
          const renames = r.renames || [], breaking = r.breaking || [];
          const oldNames = renames.map(pair => pair[0]);
          const paths = r.changed.filter(path => !oldNames.includes(path));
          const box = el('p', 'changes', 'Changed: ');
          paths.slice(0, 12).forEach((path, i) => {
            if (i) box.append(', ');
            const rename = renames.find(pair => pair[1] === path);
            box.append(rename ? 'renamed ' + rename[0] + ' → ' + path : path);
            if (breaking.includes(path)) box.append(' ', el('span', 'tag bad', 'breaking'));
          });
          if (paths.length > 12) box.append(' … ' + (paths.length - 12) + ' more');
          return box;
        }
        function fill(card) {
          const index = Number(card.dataset.index);
          const client = clients[index];
          card.textContent = '';
          card.classList.remove('pending');
          card.append(header(client, index));
          const r = client.review;
          if (review && r && r.status === 'unchanged' && !card.classList.contains('open')) {
            card.classList.add('collapsed');
            const expand = el('button', 'expand', 'Show unchanged client');
            expand.type = 'button';
            expand.addEventListener('click', () => { card.classList.add('open'); card.classList.remove('collapsed'); fill(card); });
            card.append(expand);
            return;
          }
          if (r && r.changed && r.changed.length) card.append(changeList(r));
          const after = { changed: r ? r.changed : null, modes: r ? r.modes : null };
          if (r && r.before && r.status !== 'unchanged') {
            const sides = el('div', 'sides');
            const left = el('div'), right = el('div');
            left.append(el('p', 'side-label', 'Before (' + data.base + ')'), preview(r.before, after));
            right.append(el('p', 'side-label', 'After (' + data.revision + ')'), r.status === 'removed' ? gone() : preview(client, after));
            sides.append(left, right);
            card.append(sides);
          } else {
            card.append(preview(client, after));
          }
        }
        """#
}
