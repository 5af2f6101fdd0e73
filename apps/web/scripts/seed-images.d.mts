export declare const seedArtDir: string;
export declare const seedImagesDir: string;
export declare const seedBoardDirs: string[];
export declare const seedImageSize: { width: number; height: number };
export declare function renderSeedImage(svgPath: string): Promise<Buffer>;
export declare function seedMasters(): Promise<{ master: string; pngs: string[] }[]>;
