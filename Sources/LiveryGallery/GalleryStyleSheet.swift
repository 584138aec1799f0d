/// The page's own CSS. Colours a client defines reach the page only as custom
/// properties set by the script (`--b0…--b3` background, `--f0…--f3` text,
/// `--k0…--k3` border, one per appearance), so switching the appearance is one
/// attribute on `<body>`, with nothing redrawn. The page's chrome keeps its own
/// colours, all at least 4.5:1 against their background.
enum GalleryStyleSheet {
    static let appearances = ["light", "dark", "hcl", "hcd"]

    static var css: String {
        var rules = base
        for (index, mode) in appearances.enumerated() {
            let scope = "[data-mode=\(mode)]"
            rules += "\(scope) .tone{background:var(--b\(index));color:var(--f\(index))}\n"
            rules += "\(scope) .sample{border-color:var(--k\(index),transparent)}\n"
            rules += "\(scope) .badge::after{content:attr(data-t\(index))}\n"
            rules += "\(scope) .badge[data-l\(index)=fail]{background:#9b1c1c;color:#fff}\n"
            rules += "\(scope) .badge[data-l\(index)=AA]{background:#dcefdc;color:#0f3d17}\n"
            rules += "\(scope) .badge[data-l\(index)=AAA]{background:#0f5a26;color:#fff}\n"
            rules += "\(scope) .chg-\(index){outline:3px dashed #d97706;outline-offset:2px}\n"
        }
        rules +=
            "[data-mode=light] .only-dark,[data-mode=hcl] .only-dark,[data-mode=dark] .only-light,[data-mode=hcd] .only-light{display:none}\n"
        return rules
    }

    static let base = """
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1b1d21}
        .bar{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid #c9ced6;padding:10px 16px}
        .bar h1{font-size:18px;margin:0 0 4px}
        .rev{font-family:ui-monospace,Menlo,monospace;font-size:14px;background:#eef0f3;padding:1px 6px;border-radius:4px}
        #summary{margin:0 0 8px;color:#3d434c}
        .controls{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
        .modes{display:inline-flex;border:1px solid #5b6270;border-radius:6px;overflow:hidden}
        .modes button{border:0;border-right:1px solid #5b6270;background:#fff;color:#1b1d21;padding:6px 10px;font:inherit;cursor:pointer}
        .modes button:last-child{border-right:0}
        .modes button[aria-pressed=true]{background:#1d4ed8;color:#fff}
        button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid #b45309;outline-offset:2px}
        input,select{font:inherit;padding:4px 6px;border:1px solid #5b6270;border-radius:4px;background:#fff;color:#1b1d21}
        #cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:16px;padding:16px;align-items:start}
        .card{background:#fff;border:1px solid #c9ced6;border-radius:10px;padding:12px;min-width:0;content-visibility:auto;contain-intrinsic-size:auto 520px}
        .card.pending{min-height:520px}
        .card.collapsed{min-height:0}
        .card.changed{border:3px solid #b45309}
        .card.invalid{border:3px solid #9b1c1c}
        .head{display:flex;gap:10px;align-items:center;flex-wrap:wrap}
        .head h2{font-size:17px;margin:0}
        .icon{width:48px;height:48px;border-radius:11px;border:1px solid #c9ced6;background:#fff}
        .id{font-family:ui-monospace,Menlo,monospace;font-size:13px;color:#3d434c}
        .chain{margin:2px 0 0;font-size:13px;color:#3d434c}
        .tag{font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;background:#eef0f3;color:#1b1d21}
        .tag.warn{background:#fdf0d5;color:#6b3d00}
        .tag.bad{background:#9b1c1c;color:#fff}
        .tag.status{background:#b45309;color:#fff}
        .head .details,.expand{margin-left:auto;font:inherit;font-size:13px;padding:4px 10px;border:1px solid #5b6270;border-radius:6px;background:#fff;color:#1b1d21;cursor:pointer}
        .sides{display:grid;grid-template-columns:1fr 1fr;gap:12px}
        .sides>div{min-width:0}
        #cards .card.wide{grid-column:1/-1}
        .side-label{font-size:12px;font-weight:700;text-transform:uppercase;margin:8px 0 2px;color:#3d434c}
        .preview{border-radius:8px;padding:10px;margin-top:8px;border:1px solid #c9ced6}
        .preview h3{font-size:12px;text-transform:uppercase;letter-spacing:.04em;margin:10px 0 4px;opacity:.85}
        .swatches{display:flex;flex-wrap:wrap;gap:12px 10px}
        .sw{width:64px;font-size:10px;overflow-wrap:break-word;line-height:1.2}
        .chip{display:block;width:64px;height:36px;border-radius:6px;border:1px solid rgba(127,127,127,.6)}
        .chip.wide{position:relative}
        .shades i.wide{outline:1px dashed #000;outline-offset:-2px}
        .chip.wide::after{content:"P3";position:absolute;right:2px;bottom:2px;font:600 9px/1 system-ui,sans-serif;padding:1px 3px;border-radius:3px;background:#fff;color:#000}
        .chip.derived{position:relative}
        .chip.derived::before{content:"HC";position:absolute;left:2px;bottom:2px;font:600 9px/1 system-ui,sans-serif;padding:1px 3px;border-radius:3px;background:#000;color:#fff}
        .palette{display:flex;margin:2px 0;align-items:center;gap:6px;font-size:11px}
        .shades{display:flex;flex:1;height:18px;border-radius:4px;overflow:hidden}
        .shades i{flex:1}
        .spec{margin:2px 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .spec small{font:11px system-ui,sans-serif;opacity:.8;margin-left:6px}
        .comps{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end}
        .comp{margin:0;display:flex;flex-direction:column;gap:3px;font-size:10px}
        .comp figcaption{opacity:.85}
        .sample{display:inline-flex;align-items:center;justify-content:center;border:0 solid transparent;min-height:20px;max-width:240px;overflow:hidden;white-space:nowrap}
        .track{display:inline-block;width:44px;height:26px;border-radius:13px;position:relative}
        .track i{position:absolute;right:3px;top:3px;width:20px;height:20px;border-radius:50%}
        .images{display:flex;flex-wrap:wrap;gap:8px}
        .names,.titles{list-style:none;margin:0;padding:0;font-size:12px}
        .names li,.titles li{margin:2px 0}.names .language,.titles .language{opacity:.7}
        .store{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
        .store-icon{margin:0;font-size:10px;text-align:center}
        .store-icon img{display:block;width:64px;height:64px}
        .store-icon.app-store img{border-radius:22.37%}.store-icon.play img{border-radius:20%}
        .images figure{margin:0;font-size:10px;max-width:120px}
        .images img{display:block;max-width:120px;max-height:80px;object-fit:contain}
        .badges{display:flex;flex-wrap:wrap;gap:4px}
        .badge{font-size:11px;padding:1px 6px;border-radius:4px}
        .badge::after{font-weight:700;margin-left:4px}
        .warnings,.errors{margin:6px 0 0;padding-left:18px;font-size:12px}
        .warnings li{color:#6b3d00}
        .errors li{color:#7f1d1d}
        .preview.removed{background:#fff;color:#1b1d21;border-style:dashed}
        .problems{background:#fff;color:#1b1d21;border-radius:6px;padding:4px 8px;margin-top:8px}
        .chg{outline:3px dashed #d97706;outline-offset:2px}
        .changes{font-size:12px;margin:6px 0 0;color:#3d434c;overflow-wrap:anywhere}
        dialog{max-width:min(1000px,95vw);max-height:90vh;border:1px solid #5b6270;border-radius:10px;padding:16px;color:#1b1d21;background:#fff}
        dialog::backdrop{background:rgba(0,0,0,.45)}
        dialog table{border-collapse:collapse;font-size:12px;width:100%}
        dialog th,dialog td{text-align:left;border-bottom:1px solid #dde1e6;padding:3px 6px;vertical-align:top;overflow-wrap:anywhere}
        dialog tr.chg{outline:0;background:#fdf0d5}
        .dialog-head{display:flex;justify-content:space-between;align-items:center;gap:12px}
        .empty{padding:24px;color:#3d434c}
        [hidden]{display:none!important}

        """
}
