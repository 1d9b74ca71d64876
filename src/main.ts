import { mount } from 'svelte';
import App from './ui/App.svelte';
import './ui/global.css';
import { evalWorker } from './ui/worker-client';

const target = document.getElementById('app');
if (!target) throw new Error('no #app element');

// A handle for scripting from the console and for browser tests: `await fcPlayground.worker().lastGeneration()`.
Object.assign(globalThis, { fcPlayground: { worker: evalWorker } });

export default mount(App, { target });
