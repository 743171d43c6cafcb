/** @jsxImportSource preact */
import { render } from 'preact';
import { EmbedApp } from './embed-app';
import { addressOf } from './target';
import './embed.css';

/**
 * The donate button's page (embed.html): served at /embed/project/{id} and /embed/charity/{id},
 * the only pages of Kindred that other sites may frame (docs/product/embed.md). Its own entry,
 * without the app's libraries.
 */
const root = document.getElementById('root');
if (root) render(<EmbedApp address={addressOf(window.location.pathname)} />, root);
