import { page } from './build.ts';

export const home = page('home', 'home', '工作台', [], { icon: 'HomeOutlined' });
