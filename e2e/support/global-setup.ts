import { chromiumPath } from './chromium';

export default function globalSetup() {
  chromiumPath();
}
