// Drives Debian's Firefox over WebDriver BiDi (npm puppeteer-core, no browser download) for
// tests/browsers/drivers.py: one JSON request a line on stdin, one JSON answer a line on
// stdout ({"ok": value} or {"error": text}). Requests: {"launch": {executable, width,
// height}}, {"goto": url}, {"call": [functionSource, args]} (the function's JSON result),
// {"click": selector}, {"errors": true} (the page errors and console errors seen so far,
// then forgotten), {"close": true}.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
let page = null;
let errors = [];

function watch(target) {
  target.on("pageerror", (error) => errors.push(`pageerror: ${error.message || error}`));
  target.on("console", (message) => {
    if (message.type() === "error") {
      errors.push(`console.error: ${message.text()}`);
    }
  });
}

async function answer(request) {
  if (request.launch) {
    const { executable, width, height } = request.launch;
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: executable,
      headless: true,
      defaultViewport: { width, height },
      args: [`--width=${width}`, `--height=${height}`],
    });
    page = (await browser.pages())[0] || (await browser.newPage());
    watch(page);
    return true;
  }
  if (request.goto) {
    await page.goto(request.goto, { waitUntil: "load", timeout: 60000 });
    return page.url();
  }
  if (request.call) {
    const [source, args] = request.call;
    const result = await page.evaluate(`(${source})(...${JSON.stringify(args)})`);
    return result === undefined ? null : result;
  }
  if (request.click) {
    await page.click(request.click);
    return true;
  }
  if (request.errors) {
    const seen = errors;
    errors = [];
    return seen;
  }
  if (request.close) {
    if (browser) {
      await browser.close();
    }
    browser = null;
    return true;
  }
  throw new Error(`unknown request ${JSON.stringify(request)}`);
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  let reply;
  try {
    reply = { ok: await answer(JSON.parse(line)) };
  } catch (error) {
    reply = { error: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (!browser && reply.ok === true && line.includes('"close"')) {
    break;
  }
}
process.exit(0);
