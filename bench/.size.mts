import { bundleReport } from './bundle.ts';
for (const l of bundleReport()) console.log(l.name, l.value.toFixed(1), l.unit);
