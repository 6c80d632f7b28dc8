// Orkas chat widget (anywidget ESM). Speaks docs/chat-protocol.md over custom messages.
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

// A small Markdown renderer: fenced code, inline code, bold, italics, headings, lists, links.
export function renderMarkdown(src) {
  const blocks = src.split(/```/);
  let out = "";
  blocks.forEach((block, i) => {
    if (i % 2 === 1) {
      const nl = block.indexOf("\n");
      const code = nl >= 0 ? block.slice(nl + 1) : block;
      out += `<pre class="orkas-code"><code>${escapeHtml(code)}</code></pre>`;
      return;
    }
    let inList = false;
    for (const raw of block.split("\n")) {
      let line = escapeHtml(raw)
        .replace(/`([^`]+)`/g, "<code>$1</code>")
        .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
        .replace(/(^|[^*])\*([^*]+)\*/g, "$1<em>$2</em>")
        .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '<a href="$2" target="_blank">$1</a>');
      const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
      if (item) {
        if (!inList) { out += "<ul>"; inList = true; }
        out += `<li>${item[1]}</li>`;
        continue;
      }
      if (inList) { out += "</ul>"; inList = false; }
      const h = /^(#{1,4})\s+(.*)$/.exec(line);
      if (h) out += `<h${h[1].length + 2}>${h[2]}</h${h[1].length + 2}>`;
      else if (line.trim()) out += `<p>${line}</p>`;
    }
    if (inList) out += "</ul>";
  });
  return out;
}

function render({ model, el }) {
  el.classList.add("orkas-chat");
  el.innerHTML = `
    <div class="orkas-head">
      <span class="orkas-title">Orkas</span>
      <select class="orkas-model" title="Model"></select>
      <span class="orkas-status">idle</span>
      <span class="orkas-usage"></span>
    </div>
    <div class="orkas-log" role="log"></div>
    <div class="orkas-input">
      <textarea rows="2" placeholder="Ask Orkas… (Enter to send, Shift+Enter for a new line)"></textarea>
      <button class="orkas-send">Send</button>
      <button class="orkas-stop" disabled>Stop</button>
    </div>`;
  const log = el.querySelector(".orkas-log");
  const input = el.querySelector("textarea");
  const sendBtn = el.querySelector(".orkas-send");
  const stopBtn = el.querySelector(".orkas-stop");
  const select = el.querySelector(".orkas-model");
  const status = el.querySelector(".orkas-status");
  const usage = el.querySelector(".orkas-usage");
  let current = null;   // the assistant bubble being streamed
  let currentText = "";
  const tools = {};

  const scroll = () => { log.scrollTop = log.scrollHeight; };
  const bubble = (role, html) => {
    const div = document.createElement("div");
    div.className = `orkas-msg orkas-${role}`;
    div.innerHTML = html;
    log.appendChild(div);
    scroll();
    return div;
  };
  const assistant = () => {
    if (!current) { current = bubble("assistant", ""); currentText = ""; }
    return current;
  };
  const toolCard = (t) => {
    const d = document.createElement("details");
    d.className = "orkas-tool";
    d.innerHTML = `<summary><code>${escapeHtml(t.name)}</code> <span class="orkas-mark">…</span>
      <span class="orkas-sum"></span></summary><pre>${escapeHtml(t.arguments || "")}</pre>`;
    return d;
  };
  const send = () => {
    const text = input.value.trim();
    if (!text) return;
    model.send({ type: "send", text });
    input.value = "";
  };
  sendBtn.addEventListener("click", send);
  stopBtn.addEventListener("click", () => model.send({ type: "stop" }));
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); send(); }
  });
  select.addEventListener("change", () => model.send({ type: "set_model", model: select.value }));

  model.on("msg:custom", (msg) => {
    switch (msg.type) {
      case "state":
        status.textContent = msg.status;
        el.dataset.status = msg.status;
        stopBtn.disabled = msg.status !== "running";
        usage.textContent = msg.usage || "";
        select.innerHTML = (msg.models || []).map(
          (m) => `<option ${m === msg.model ? "selected" : ""}>${escapeHtml(m)}</option>`).join("");
        break;
      case "history":
        for (const m of msg.messages) {
          const div = bubble(m.role, renderMarkdown(m.markdown || ""));
          for (const t of m.tools || []) {
            const card = toolCard(t);
            card.querySelector(".orkas-mark").textContent = t.is_error ? "✗" : "✓";
            card.querySelector(".orkas-sum").textContent = t.summary.slice(0, 90);
            div.appendChild(card);
          }
        }
        break;
      case "user":
        current = null;
        bubble("user", renderMarkdown(msg.text));
        break;
      case "delta":
        currentText += msg.text;
        assistant().innerHTML = renderMarkdown(currentText);
        scroll();
        break;
      case "tool_start": {
        const card = toolCard(msg);
        tools[msg.id] = card;
        assistant().appendChild(card);
        current = null;
        scroll();
        break;
      }
      case "tool_end": {
        const card = tools[msg.id];
        if (!card) break;
        card.querySelector(".orkas-mark").textContent = msg.is_error ? "✗" : "✓";
        card.querySelector(".orkas-sum").textContent = msg.summary.slice(0, 90);
        const pre = document.createElement("pre");
        pre.textContent = msg.summary;
        card.appendChild(pre);
        for (const src of msg.images || []) {
          const img = document.createElement("img");
          img.src = src;
          img.className = "orkas-img";
          card.appendChild(img);
        }
        break;
      }
      case "assistant_end":
        if (current && msg.markdown) current.innerHTML = renderMarkdown(msg.markdown);
        current = null;
        break;
      case "notice":
        bubble(`notice orkas-${msg.level}`, escapeHtml(msg.text));
        break;
      case "approval": {
        const div = bubble("approval", `<div>${escapeHtml(msg.tool)}: ${escapeHtml(msg.summary)}
          <span class="orkas-risk">${escapeHtml(msg.risk)}</span></div>
          <button data-d="once">Allow once</button>
          <button data-d="run">Allow for this run</button>
          <button data-d="deny">Deny</button>`);
        div.dataset.approval = msg.id;
        div.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => {
          model.send({ type: "approve", id: msg.id, decision: b.dataset.d });
          div.querySelectorAll("button").forEach((x) => { x.disabled = true; });
        }));
        break;
      }
      case "approval_done": {
        const div = log.querySelector(`[data-approval="${msg.id}"]`);
        if (div) div.append(` → ${msg.decision}`);
        break;
      }
      case "done":
        current = null;
        usage.textContent = msg.usage || "";
        break;
    }
  });
  model.send({ type: "hello" });
}

export default { render };
