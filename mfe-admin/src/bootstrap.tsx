import { mountStandalone } from '@meritmatch/web-kit/standalone';
import App from './exposes/App';

mountStandalone({ base: '/admin', App });
