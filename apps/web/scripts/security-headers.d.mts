export declare function backendOrigins(backendUrl: string | undefined): string[];
export declare function contentSecurityPolicy(backendUrl: string | undefined): string;
export declare function securityHeaders(backendUrl: string | undefined): Record<string, string>;
export declare function headersFile(headers: Record<string, string>): string;
