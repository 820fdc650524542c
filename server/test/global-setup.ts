import { prepareTemplate } from './test-database';

export default async function setup() {
  await prepareTemplate();
}
