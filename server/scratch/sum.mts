import { summariseCpuProfiles } from '../bench/cpu-profile';
console.log(summariseCpuProfiles(process.argv[2]!, 40).join('\n'));
