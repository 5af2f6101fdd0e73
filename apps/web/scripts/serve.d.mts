import type { Server } from 'node:http';

export declare function canonicalPath(pathname: string): string;
export declare function createSiteServer(options: { root: string }): Server;
