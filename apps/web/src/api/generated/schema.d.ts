/**
 * Generated from the server's OpenAPI document by `npm run api:generate` (scripts/api-client.mjs). Do not edit:
 * change the route schemas (packages/shared, apps/server/src/modules/**) and regenerate; `npm run api:check` and
 * `npm test` fail while this file differs from what the routes give.
 */

export interface paths {
    "/api/docs.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every prompt use with its default text, variables, versions (newest first) and active version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeVersion: number | null;
                            defaultText: string;
                            description: string;
                            label: string;
                            /** @enum {string} */
                            use: "chatAnswer" | "addressParser";
                            variables: string[];
                            versions: {
                                activatedAt: string | null;
                                active: boolean;
                                createdAt: string;
                                createdBy: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                                text: string;
                                /** @enum {string} */
                                use: "chatAnswer" | "addressParser";
                                variables: string[];
                                version: number;
                            }[];
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** A new version of a use’s prompt (variables must be the use’s); optionally activated at once; audited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default false */
                        activate?: boolean;
                        name: string;
                        text: string;
                        /** @enum {string} */
                        use: "chatAnswer" | "addressParser";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            active: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            text: string;
                            /** @enum {string} */
                            use: "chatAnswer" | "addressParser";
                            variables: string[];
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-prompts/{promptId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One prompt version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    promptId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            active: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            text: string;
                            /** @enum {string} */
                            use: "chatAnswer" | "addressParser";
                            variables: string[];
                            version: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-prompts/{promptId}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make this version the active prompt of its use (409 when it already is); audited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    promptId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            active: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            text: string;
                            /** @enum {string} */
                            use: "chatAnswer" | "addressParser";
                            variables: string[];
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-prompts/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render a prompt text with sample variable values (missing and unused variables listed) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                        variables: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            missing: string[];
                            rendered: string;
                            unused: string[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-prompts/uses/{use}/use-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Use the default text again for a use (no version active); audited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    use: "chatAnswer" | "addressParser";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analysis-admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A figure per analysis admin area the caller may open (areas without a figure provider are absent) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            figures: {
                                area: string;
                                label: string;
                                value: number | string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a report (read-only SQL, parameters, chart) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        chart?: {
                            stacked?: boolean;
                            /** @enum {string} */
                            type: "none" | "bar" | "line" | "pie";
                            xColumn?: string | null;
                            /** @default [] */
                            yColumns?: string[];
                        } | null;
                        /** @default  */
                        description?: string;
                        name: string;
                        /** @default [] */
                        parameters?: {
                            defaultValue?: (string | number | boolean) | null;
                            label?: string;
                            name: string;
                            /** @default true */
                            required?: boolean;
                            /** @enum {string} */
                            type: "text" | "number" | "integer" | "date" | "timestamp" | "boolean";
                        }[];
                        sql: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A saved report */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chart: {
                                stacked?: boolean;
                                /** @enum {string} */
                                type: "none" | "bar" | "line" | "pie";
                                xColumn?: string | null;
                                /** @default [] */
                                yColumns: string[];
                            } | null;
                            createdAt: string;
                            createdBy: string | null;
                            createdByUsername: string | null;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            parameters: {
                                defaultValue?: (string | number | boolean) | null;
                                label?: string;
                                name: string;
                                /** @default true */
                                required: boolean;
                                /** @enum {string} */
                                type: "text" | "number" | "integer" | "date" | "timestamp" | "boolean";
                            }[];
                            sql: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        /** Change a report (only the fields sent change) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        chart?: {
                            stacked?: boolean;
                            /** @enum {string} */
                            type: "none" | "bar" | "line" | "pie";
                            xColumn?: string | null;
                            /** @default [] */
                            yColumns?: string[];
                        } | null;
                        description?: string;
                        name?: string;
                        parameters?: {
                            defaultValue?: (string | number | boolean) | null;
                            label?: string;
                            name: string;
                            /** @default true */
                            required?: boolean;
                            /** @enum {string} */
                            type: "text" | "number" | "integer" | "date" | "timestamp" | "boolean";
                        }[];
                        sql?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a report */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/reports/{id}/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a saved report as CSV; parameter values are query-string fields (?from=2025-01-01) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/reports/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a saved report with parameter values */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default {} */
                        values?: {
                            [key: string]: (string | number | boolean) | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                name: string;
                                /** @enum {string} */
                                type: "number" | "text" | "boolean" | "date" | "json";
                            }[];
                            durationMs: number;
                            rowCount: number;
                            rowLimit: number;
                            rows: unknown[][];
                            truncated: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/reports/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged saved reports */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                chart: {
                                    stacked?: boolean;
                                    /** @enum {string} */
                                    type: "none" | "bar" | "line" | "pie";
                                    xColumn?: string | null;
                                    /** @default [] */
                                    yColumns: string[];
                                } | null;
                                createdAt: string;
                                createdBy: string | null;
                                createdByUsername: string | null;
                                description: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                                parameters: {
                                    defaultValue?: (string | number | boolean) | null;
                                    label?: string;
                                    name: string;
                                    /** @default true */
                                    required: boolean;
                                    /** @enum {string} */
                                    type: "text" | "number" | "integer" | "date" | "timestamp" | "boolean";
                                }[];
                                sql: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a read-only query (SELECT/WITH over the analytics views) with :named parameters; a write or a timeout answers 400 with a clear message */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        parameters?: {
                            defaultValue?: (string | number | boolean) | null;
                            label?: string;
                            name: string;
                            /** @default true */
                            required?: boolean;
                            /** @enum {string} */
                            type: "text" | "number" | "integer" | "date" | "timestamp" | "boolean";
                        }[];
                        sql: string;
                        /** @default {} */
                        values?: {
                            [key: string]: (string | number | boolean) | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                name: string;
                                /** @enum {string} */
                                type: "number" | "text" | "boolean" | "date" | "json";
                            }[];
                            durationMs: number;
                            rowCount: number;
                            rowLimit: number;
                            rows: unknown[][];
                            truncated: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/run/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a read-only query and download the rows as CSV */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        parameters?: {
                            defaultValue?: (string | number | boolean) | null;
                            label?: string;
                            name: string;
                            /** @default true */
                            required?: boolean;
                            /** @enum {string} */
                            type: "text" | "number" | "integer" | "date" | "timestamp" | "boolean";
                        }[];
                        sql: string;
                        /** @default {} */
                        values?: {
                            [key: string]: (string | number | boolean) | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The documented analytics views and their columns, with the row limits and statement timeout */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            exportRowLimit: number;
                            rowLimit: number;
                            schema: string;
                            timeoutMs: number;
                            views: {
                                columns: {
                                    description: string;
                                    name: string;
                                    type: string;
                                }[];
                                description: string;
                                name: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/augmented-text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether AI-augmented text is on */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        put?: never;
        /** Turn AI-augmented text on or off */
        post: {
            parameters: {
                query: {
                    status: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Password sign-in; sets the session cookie */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        username: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            callbackUrl?: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                            user: {
                                agreedLatestPrivacyPolicy: boolean;
                                agreedLatestTermsOfService: boolean;
                                approved: boolean;
                                /** @enum {boolean} */
                                authenticated: true;
                                branding: {
                                    fullDomainName: string | null;
                                    /** @enum {string} */
                                    theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                                } | null;
                                canSwitchRoles: boolean;
                                displayName: string;
                                effectiveBrandingDisplayName: string | null;
                                /** Format: uuid */
                                effectiveBrandingId: string | null;
                                eligible: boolean;
                                email: {
                                    email: string | null;
                                };
                                givenName: string | null;
                                /** Format: uuid */
                                id: string;
                                idleTimeoutSeconds: number;
                                idleWarningSeconds: number;
                                idpId: string;
                                idProviderName: string;
                                language: string;
                                ownRoles: {
                                    standard: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                    tabbedView: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                } | null;
                                pdfRendering: boolean;
                                permissions: string[];
                                roles: {
                                    standard: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                    tabbedView: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                };
                                sessionExpiresAt: string;
                                surname: string | null;
                                username: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out of this session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a single-use sign-in link (rate-limited) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        callbackUrl?: string;
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic-link/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a sign-in link: consumes the token and signs in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            callbackUrl?: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                            user: {
                                agreedLatestPrivacyPolicy: boolean;
                                agreedLatestTermsOfService: boolean;
                                approved: boolean;
                                /** @enum {boolean} */
                                authenticated: true;
                                branding: {
                                    fullDomainName: string | null;
                                    /** @enum {string} */
                                    theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                                } | null;
                                canSwitchRoles: boolean;
                                displayName: string;
                                effectiveBrandingDisplayName: string | null;
                                /** Format: uuid */
                                effectiveBrandingId: string | null;
                                eligible: boolean;
                                email: {
                                    email: string | null;
                                };
                                givenName: string | null;
                                /** Format: uuid */
                                id: string;
                                idleTimeoutSeconds: number;
                                idleWarningSeconds: number;
                                idpId: string;
                                idProviderName: string;
                                language: string;
                                ownRoles: {
                                    standard: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                    tabbedView: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                } | null;
                                pdfRendering: boolean;
                                permissions: string[];
                                roles: {
                                    standard: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                    tabbedView: {
                                        description: string;
                                        displayName: string;
                                        /** @enum {string} */
                                        role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                    }[];
                                };
                                sessionExpiresAt: string;
                                surname: string | null;
                                username: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user with roles and permissions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreedLatestPrivacyPolicy: boolean;
                            agreedLatestTermsOfService: boolean;
                            approved: boolean;
                            /** @enum {boolean} */
                            authenticated: true;
                            branding: {
                                fullDomainName: string | null;
                                /** @enum {string} */
                                theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                            } | null;
                            canSwitchRoles: boolean;
                            displayName: string;
                            effectiveBrandingDisplayName: string | null;
                            /** Format: uuid */
                            effectiveBrandingId: string | null;
                            eligible: boolean;
                            email: {
                                email: string | null;
                            };
                            givenName: string | null;
                            /** Format: uuid */
                            id: string;
                            idleTimeoutSeconds: number;
                            idleWarningSeconds: number;
                            idpId: string;
                            idProviderName: string;
                            language: string;
                            ownRoles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            } | null;
                            pdfRendering: boolean;
                            permissions: string[];
                            roles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            };
                            sessionExpiresAt: string;
                            surname: string | null;
                            username: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign-in methods offered on the login page */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            magicLink: boolean;
                            oidc: {
                                displayName: string | null;
                                enabled: boolean;
                            };
                            password: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Identity provider callback (authorization code + PKCE) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start single sign-on (redirects to the identity provider) */
        get: {
            parameters: {
                query?: {
                    callbackUrl?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/switch-roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace this session’s roles with the chosen ones (canSwitchRoles; only roles within the own roles) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        roles: ("issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreedLatestPrivacyPolicy: boolean;
                            agreedLatestTermsOfService: boolean;
                            approved: boolean;
                            /** @enum {boolean} */
                            authenticated: true;
                            branding: {
                                fullDomainName: string | null;
                                /** @enum {string} */
                                theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                            } | null;
                            canSwitchRoles: boolean;
                            displayName: string;
                            effectiveBrandingDisplayName: string | null;
                            /** Format: uuid */
                            effectiveBrandingId: string | null;
                            eligible: boolean;
                            email: {
                                email: string | null;
                            };
                            givenName: string | null;
                            /** Format: uuid */
                            id: string;
                            idleTimeoutSeconds: number;
                            idleWarningSeconds: number;
                            idpId: string;
                            idProviderName: string;
                            language: string;
                            ownRoles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            } | null;
                            pdfRendering: boolean;
                            permissions: string[];
                            roles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            };
                            sessionExpiresAt: string;
                            surname: string | null;
                            username: string;
                        };
                    };
                };
            };
        };
        /** Return to the user’s own roles */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreedLatestPrivacyPolicy: boolean;
                            agreedLatestTermsOfService: boolean;
                            approved: boolean;
                            /** @enum {boolean} */
                            authenticated: true;
                            branding: {
                                fullDomainName: string | null;
                                /** @enum {string} */
                                theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                            } | null;
                            canSwitchRoles: boolean;
                            displayName: string;
                            effectiveBrandingDisplayName: string | null;
                            /** Format: uuid */
                            effectiveBrandingId: string | null;
                            eligible: boolean;
                            email: {
                                email: string | null;
                            };
                            givenName: string | null;
                            /** Format: uuid */
                            id: string;
                            idleTimeoutSeconds: number;
                            idleWarningSeconds: number;
                            idpId: string;
                            idProviderName: string;
                            language: string;
                            ownRoles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            } | null;
                            pdfRendering: boolean;
                            permissions: string[];
                            roles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            };
                            sessionExpiresAt: string;
                            surname: string | null;
                            username: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/switchable-roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The roles this user may switch to: those granting nothing beyond their own roles (a switch narrows) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            description: string;
                            displayName: string;
                            /** @enum {string} */
                            role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authorization/{userId}/user-roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a user’s roles; only roles whose permissions the caller holds can be granted or removed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        roles: ("issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authorization/all-roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every role with its kind, description and permissions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            standard: {
                                description: string;
                                displayName: string;
                                /** @enum {string} */
                                kind: "standard" | "tabbedView";
                                permissions: ("Dashboard_VIEW" | "AnalysisLanding_VIEW" | "AnalysisJobList_VIEW" | "GlobalInsightsView" | "CampaignManager_Feature_VIEW" | "CampaignManager_Upload" | "ResourceHubView" | "VendorsSearchView" | "SystemUpdates_VIEW" | "ViewJobTabs" | "JobCreate" | "User_CRUD" | "UserManagement_VIEW" | "SystemLogs_VIEW" | "IssuerArea_VIEW" | "IssuerArea_CRUD" | "BuyerManagement_VIEW" | "BuyerManagement_CRUD" | "AnalyticsQuery_VIEW" | "Analysis_Admin_Area_VIEW" | "Confidence_VIEW" | "Confidence_UPDATE" | "Scoring_VIEW" | "Scoring_UPDATE" | "AiPrompts_CRUD" | "Translations_CRUD" | "Translations_VIEW" | "MagicLinks_CRUD" | "DatapointProfiles_CRUD" | "VideoResources_CRUD" | "MergeLinkedAccounts_VIEW" | "MlPrediction_VIEW" | "ChatbotDocumentManagement_CRUD" | "DevOps_Area_VIEW" | "JobMaintenance_VIEW" | "JobMaintenance_UPDATE" | "Tools_Area_VIEW" | "Address_Validator_VIEW" | "DevArea_CRUD" | "InaccessibleArea_ALL" | "StandardLayoutNavbar_VIEW" | "QuickView_ProQ_VIEW" | "ActiveUsers_VIEW" | "JobDashboardActiveUsers_VIEW" | "Chatbot_VIEW" | "Chatbot_ErrorState_VIEW" | "SystemNotificationsDetailed_VIEW" | "SystemMaintenanceMode_IGNORE" | "UserNotification_VIEW" | "Concurrency_Take_Entity_Lock" | "Autocomplete_Options_Focus_VIEW" | "ListCellCopyIcon_VIEW" | "Toolbar_Theme_Switcher_VIEW" | "Insights_VIEW" | "UseCases_VIEW" | "MatchedDataOnlyWorkflow_VIEW" | "CapabilitySelection_VIEW" | "BuyerCreate" | "SuppliersScore_VIEW" | "Buyers_ViewAll" | "UserAssignment_EDIT" | "JobDetails_VIEW" | "JobLogs_VIEW" | "StoryVideo_VIEW" | "AnalysisPublish" | "JobOwner_UPDATE" | "JobName_UPDATE" | "E2ETestRun" | "HiddenJobsCount_VIEW" | "IntegrationConfiguration_CHECK" | "AppTimestamp_UPDATE" | "BackgroundService_TOGGLE" | "SystemMode_UPDATE" | "AppConfig_VIEW" | "MemoryTesting" | "Job_Create" | "Job_Update" | "Job_Delete" | "Issuer_View" | "Issuer_Create" | "Issuer_Update" | "Issuer_Delete" | "Artifacts_Publish" | "Artifacts_View" | "User_Update" | "User_Delete" | "Campaign_Create" | "Campaign_View" | "Campaign_Edit" | "Campaign_Delete" | "SelfServe" | "MatchedDataOnly" | "MagicLinks_Admin" | "Brandings_View" | "Brandings_CRUD" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor")[];
                                /** @enum {string} */
                                role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                            }[];
                            tabbedView: {
                                description: string;
                                displayName: string;
                                /** @enum {string} */
                                kind: "standard" | "tabbedView";
                                permissions: ("Dashboard_VIEW" | "AnalysisLanding_VIEW" | "AnalysisJobList_VIEW" | "GlobalInsightsView" | "CampaignManager_Feature_VIEW" | "CampaignManager_Upload" | "ResourceHubView" | "VendorsSearchView" | "SystemUpdates_VIEW" | "ViewJobTabs" | "JobCreate" | "User_CRUD" | "UserManagement_VIEW" | "SystemLogs_VIEW" | "IssuerArea_VIEW" | "IssuerArea_CRUD" | "BuyerManagement_VIEW" | "BuyerManagement_CRUD" | "AnalyticsQuery_VIEW" | "Analysis_Admin_Area_VIEW" | "Confidence_VIEW" | "Confidence_UPDATE" | "Scoring_VIEW" | "Scoring_UPDATE" | "AiPrompts_CRUD" | "Translations_CRUD" | "Translations_VIEW" | "MagicLinks_CRUD" | "DatapointProfiles_CRUD" | "VideoResources_CRUD" | "MergeLinkedAccounts_VIEW" | "MlPrediction_VIEW" | "ChatbotDocumentManagement_CRUD" | "DevOps_Area_VIEW" | "JobMaintenance_VIEW" | "JobMaintenance_UPDATE" | "Tools_Area_VIEW" | "Address_Validator_VIEW" | "DevArea_CRUD" | "InaccessibleArea_ALL" | "StandardLayoutNavbar_VIEW" | "QuickView_ProQ_VIEW" | "ActiveUsers_VIEW" | "JobDashboardActiveUsers_VIEW" | "Chatbot_VIEW" | "Chatbot_ErrorState_VIEW" | "SystemNotificationsDetailed_VIEW" | "SystemMaintenanceMode_IGNORE" | "UserNotification_VIEW" | "Concurrency_Take_Entity_Lock" | "Autocomplete_Options_Focus_VIEW" | "ListCellCopyIcon_VIEW" | "Toolbar_Theme_Switcher_VIEW" | "Insights_VIEW" | "UseCases_VIEW" | "MatchedDataOnlyWorkflow_VIEW" | "CapabilitySelection_VIEW" | "BuyerCreate" | "SuppliersScore_VIEW" | "Buyers_ViewAll" | "UserAssignment_EDIT" | "JobDetails_VIEW" | "JobLogs_VIEW" | "StoryVideo_VIEW" | "AnalysisPublish" | "JobOwner_UPDATE" | "JobName_UPDATE" | "E2ETestRun" | "HiddenJobsCount_VIEW" | "IntegrationConfiguration_CHECK" | "AppTimestamp_UPDATE" | "BackgroundService_TOGGLE" | "SystemMode_UPDATE" | "AppConfig_VIEW" | "MemoryTesting" | "Job_Create" | "Job_Update" | "Job_Delete" | "Issuer_View" | "Issuer_Create" | "Issuer_Update" | "Issuer_Delete" | "Artifacts_Publish" | "Artifacts_View" | "User_Update" | "User_Delete" | "Campaign_Create" | "Campaign_View" | "Campaign_Edit" | "Campaign_Delete" | "SelfServe" | "MatchedDataOnly" | "MagicLinks_Admin" | "Brandings_View" | "Brandings_CRUD" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor")[];
                                /** @enum {string} */
                                role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authorization/auth-mapped-job-artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged jobs the caller may see (owner, assignment, issuer manager, or Buyers_ViewAll), newest first */
        post: {
            parameters: {
                query?: {
                    includeHidden?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                abilities: {
                                    canAssignUsers: boolean;
                                    canChangeOwner: boolean;
                                    canDelete: boolean;
                                    canPublish: boolean;
                                    canRename: boolean;
                                    canRun: boolean;
                                    canUpload: boolean;
                                    canViewLogs: boolean;
                                };
                                /** Format: uuid */
                                buyerId: string | null;
                                buyerName: string | null;
                                /** @enum {string|null} */
                                connectionType: "Owner" | "IssuerManager" | "DirectAssignment" | "MagicLinkUser" | null;
                                createdOn: string;
                                /** Format: uuid */
                                id: string;
                                isDirectAssignment: boolean;
                                isHidden: boolean;
                                isPublished: boolean;
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                name: string;
                                ownerDisplayName: string;
                                /** Format: uuid */
                                ownerId: string;
                                ownerName: string;
                                /** @enum {string} */
                                type: "base" | "matched-data-only" | "advanced";
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authorization/job-owners-filter-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners of the jobs the caller can see (id, ownerName, displayName) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            /** Format: uuid */
                            id: string;
                            ownerName: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authorization/user-roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user’s roles: standard (System Roles) and tabbedView (Analysis Roles) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            standard: {
                                description: string;
                                displayName: string;
                                /** @enum {string} */
                                role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                            }[];
                            tabbedView: {
                                description: string;
                                displayName: string;
                                /** @enum {string} */
                                role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/buyers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a buyer for an issuer (name unique per issuer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        countryIso3?: string | null;
                        /** Format: uuid */
                        issuerId: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/buyers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A buyer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            countryIso3: string | null;
                            createdAt: string;
                            createdByUsername: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            jobsCount: number;
                            name: string;
                        };
                    };
                };
            };
        };
        /** Rename a buyer or change its country (only the fields sent change) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        countryIso3?: string | null;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a buyer without jobs */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/buyers/by-issuer/{issuerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Buyers of one issuer, for the job creation pick list */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    issuerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/buyers/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged buyer list (without Buyers_ViewAll: buyers of the caller’s issuers only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                countryIso3: string | null;
                                createdAt: string;
                                createdByUsername: string | null;
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                jobsCount: number;
                                name: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/buyers/inline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a buyer for one of the caller’s own issuers while creating a job */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        countryIso3?: string | null;
                        /** Format: uuid */
                        issuerId: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaign-workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every campaign workflow the caller may see, across jobs (paged; search, jobId, issuerId, state), with counters */
        get: {
            parameters: {
                query?: {
                    issuerId?: string;
                    jobId?: string;
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                    state?: "open" | "closed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                campaignCount: number;
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                id: string;
                                issuerId: string;
                                issuerName: string | null;
                                jobId: string;
                                jobName: string;
                                missing: number;
                                name: string;
                                ownerName: string | null;
                                /** @enum {string} */
                                sourceKind: "useCase" | "filter";
                                updatedAt: string;
                                useCaseId: string | null;
                                useCaseName: string | null;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/active-entity-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users active on an entity in the last seconds */
        get: {
            parameters: {
                query: {
                    entityId: string;
                    entityType: "JobArtifact";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entityName: string;
                            exclusiveWriteAccess: boolean;
                            scope: string;
                            userName: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/active-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users active on any job the caller may see (navbar quick view) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entityName: string;
                            exclusiveWriteAccess: boolean;
                            scope: string;
                            userName: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/deny-exclusive-write-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The holder turns down a pending request */
        post: {
            parameters: {
                query: {
                    entityId: string;
                    entityType: "JobArtifact";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/entity-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Who holds exclusive write access */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entityId: string;
                        /** @enum {string} */
                        entityType: "JobArtifact";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeUntilUtc: string | null;
                            canForceAfterUtc: string | null;
                            entityId: string;
                            /** @enum {string} */
                            entityType: "JobArtifact";
                            exclusiveWriteAccess: boolean;
                            holderEmail: string | null;
                            holderFirstName: string | null;
                            holderLastName: string | null;
                            holderUserId: string | null;
                            requestDenied: boolean;
                            requesterId: string | null;
                            requesterName: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/force-set-exclusive-write-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take exclusive write access after an unanswered request (or as an administrator) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entityId: string;
                        /** @enum {string} */
                        entityType: "JobArtifact";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeUntilUtc: string | null;
                            canForceAfterUtc: string | null;
                            entityId: string;
                            /** @enum {string} */
                            entityType: "JobArtifact";
                            exclusiveWriteAccess: boolean;
                            holderEmail: string | null;
                            holderFirstName: string | null;
                            holderLastName: string | null;
                            holderUserId: string | null;
                            requestDenied: boolean;
                            requesterId: string | null;
                            requesterName: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/request-exclusive-write-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the holder for exclusive write access */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entityId: string;
                        /** @enum {string} */
                        entityType: "JobArtifact";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/try-set-entity-active-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Heartbeat: report the caller as active on an entity page */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entityId: string;
                        /** @enum {string} */
                        entityType: "JobArtifact";
                        scope?: string;
                        /** Format: uuid */
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency/try-set-exclusive-write-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take or renew exclusive write access when free */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entityId: string;
                        /** @enum {string} */
                        entityType: "JobArtifact";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeUntilUtc: string | null;
                            canForceAfterUtc: string | null;
                            entityId: string;
                            /** @enum {string} */
                            entityType: "JobArtifact";
                            exclusiveWriteAccess: boolean;
                            holderEmail: string | null;
                            holderFirstName: string | null;
                            holderLastName: string | null;
                            holderUserId: string | null;
                            requestDenied: boolean;
                            requesterId: string | null;
                            requesterName: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My jobs and their state, campaigns in progress with their counters, what changed since my last visit, what needs me */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaigns: {
                                active: number;
                                failed: number;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                name: string;
                                pending: number;
                                succeeded: number;
                                /** Format: uuid */
                                workflowId: string;
                            }[] | null;
                            changes: {
                                campaignReplies: number | null;
                                jobsCreated: number;
                                jobsFailed: number;
                                jobsReady: number;
                            } | null;
                            myJobs: {
                                counts: {
                                    Draft: number;
                                    Failed: number;
                                    Processing: number;
                                    Ready: number;
                                };
                                recent: {
                                    buyerName: string | null;
                                    error: string | null;
                                    /** Format: uuid */
                                    id: string;
                                    issuerName: string;
                                    name: string;
                                    /** @enum {string} */
                                    status: "Draft" | "Processing" | "Ready" | "Failed";
                                    /** @enum {string} */
                                    type: "base" | "matched-data-only" | "advanced";
                                    updatedAt: string;
                                }[];
                            };
                            needsMe: {
                                job: {
                                    buyerName: string | null;
                                    error: string | null;
                                    /** Format: uuid */
                                    id: string;
                                    issuerName: string;
                                    name: string;
                                    /** @enum {string} */
                                    status: "Draft" | "Processing" | "Ready" | "Failed";
                                    /** @enum {string} */
                                    type: "base" | "matched-data-only" | "advanced";
                                    updatedAt: string;
                                };
                                /** @enum {string} */
                                kind: "jobFailed" | "jobDraft";
                            }[];
                            since: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datapoint-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every profile with the issuers using it, and the datapoints a profile may carry */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datapoints: {
                                datapoint: string;
                                group: string;
                                label: string;
                            }[];
                            profiles: {
                                columns: {
                                    datapoint: string;
                                    header: string;
                                }[];
                                createdAt: string;
                                id: string;
                                /** @enum {string} */
                                kind: "analysis-data" | "matched-data-only" | "onboarding";
                                name: string;
                                updatedAt: string;
                                usedBy: {
                                    /** Format: uuid */
                                    issuerId: string;
                                    issuerName: string;
                                    /** @enum {string} */
                                    kind: "analysis-data" | "matched-data-only" | "onboarding";
                                }[];
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a profile (columns in order, each a datapoint and its header) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        columns: {
                            datapoint: string;
                            header: string;
                        }[];
                        /** @enum {string} */
                        kind: "analysis-data" | "matched-data-only" | "onboarding";
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                datapoint: string;
                                header: string;
                            }[];
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            kind: "analysis-data" | "matched-data-only" | "onboarding";
                            name: string;
                            updatedAt: string;
                            usedBy: {
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                /** @enum {string} */
                                kind: "analysis-data" | "matched-data-only" | "onboarding";
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datapoint-profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A profile */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                datapoint: string;
                                header: string;
                            }[];
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            kind: "analysis-data" | "matched-data-only" | "onboarding";
                            name: string;
                            updatedAt: string;
                            usedBy: {
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                /** @enum {string} */
                                kind: "analysis-data" | "matched-data-only" | "onboarding";
                            }[];
                        };
                    };
                };
            };
        };
        /** Replace a profile’s name, kind and columns (the kind stays while an issuer uses it: 409) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        columns: {
                            datapoint: string;
                            header: string;
                        }[];
                        /** @enum {string} */
                        kind: "analysis-data" | "matched-data-only" | "onboarding";
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                datapoint: string;
                                header: string;
                            }[];
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            kind: "analysis-data" | "matched-data-only" | "onboarding";
                            name: string;
                            updatedAt: string;
                            usedBy: {
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                /** @enum {string} */
                                kind: "analysis-data" | "matched-data-only" | "onboarding";
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a profile no issuer uses (409 naming the issuers otherwise) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/anonymize-csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Anonymise an uploaded CSV (multipart "file", and "columns": JSON {column: kind}); answers the anonymised CSV */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/anonymize-csv/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Columns of an uploaded CSV with the guessed kind of data (multipart field "file") */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                column: string;
                                /** @enum {string} */
                                kind: "keep" | "name" | "company" | "address" | "city" | "postcode" | "email" | "phone" | "id";
                                sample: string[];
                            }[];
                            delimiter: string;
                            fileName: string;
                            rows: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/database-anonymizer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Development only: pseudonymise user, issuer and buyer names and emails; empty the email outbox */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        confirm: "RESET" | "ANONYMIZE";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyers: number;
                            emails: number;
                            issuers: number;
                            message: string;
                            statusCode: number;
                            success: boolean;
                            users: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/debug-logging": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current server log level and when a raised level reverts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseLevel: string;
                            level: string;
                            revertsAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Raise the server log level for a number of minutes (it then reverts to the configured level) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        level: "debug" | "trace";
                        minutes: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseLevel: string;
                            level: string;
                            revertsAt: string | null;
                        };
                    };
                };
            };
        };
        /** End debug logging now */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseLevel: string;
                            level: string;
                            revertsAt: string | null;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Latest emails in the outbox */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            error: string | null;
                            fromAddress: string;
                            html: string | null;
                            id: string;
                            sentAt: string | null;
                            status: string;
                            subject: string;
                            text: string;
                            toAddress: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/reset-all-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Development only: every job back to Draft (files kept; runs, results, logs removed) — a ProQ command */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        confirm: "RESET" | "ANONYMIZE";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            commandId: string | null;
                            jobs: number;
                            message: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/job-maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every job with storage used, runs, last run, failed and stale runs (hidden jobs for developers) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            hiddenJobsCount: number | null;
                            jobs: {
                                buyerName: string | null;
                                createdOn: string;
                                failedRuns: number;
                                /** Format: uuid */
                                id: string;
                                isHidden: boolean;
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                lastAction: {
                                    /** @enum {string} */
                                    action: "rerun" | "cleanIntermediates" | "deleteResults" | "deleteJob";
                                    commandId: number;
                                    message: string | null;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    queuedDate: string;
                                    /** @enum {string} */
                                    state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                                } | null;
                                lastRun: {
                                    completedAt: string | null;
                                    createdAt: string;
                                    error: string | null;
                                    /** Format: uuid */
                                    id: string;
                                    runNumber: number;
                                    /** @enum {string} */
                                    status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                                } | null;
                                name: string;
                                runs: number;
                                staleRuns: number;
                                /** @enum {string} */
                                status: "Draft" | "Processing" | "Ready" | "Failed";
                                storage: {
                                    cacheBytes: number;
                                    filesBytes: number;
                                    intermediateBytes: number;
                                    parquetBytes: number;
                                    totalBytes: number;
                                };
                                /** @enum {string} */
                                type: "base" | "matched-data-only" | "advanced";
                            }[];
                            totals: {
                                failedRuns: number;
                                jobs: number;
                                staleRuns: number;
                                totalBytes: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/job-maintenance/{jobId}/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a maintenance action (re-run, clean intermediates, delete results, delete job) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "rerun" | "cleanIntermediates" | "deleteResults" | "deleteJob";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            action: "rerun" | "cleanIntermediates" | "deleteResults" | "deleteJob";
                            commandId: number;
                            message: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            queuedDate: string;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/sftp-configurations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SFTP sources of the issuers in scope */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            authMethod: "password" | "privateKey";
                            /** Format: uuid */
                            buyerId: string | null;
                            buyerName: string | null;
                            createdAt: string;
                            enabled: boolean;
                            filePattern: string;
                            folder: string;
                            hasPassword: boolean;
                            hasPrivateKey: boolean;
                            host: string;
                            hostKeyFingerprint: string | null;
                            hostKeyPinnedAt: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            lastPullAt: string | null;
                            lastPullMessage: string | null;
                            /** @enum {string|null} */
                            lastPullStatus: "ok" | "failed" | null;
                            name: string;
                            nextPullAt: string | null;
                            port: number;
                            scheduleMinutes: number | null;
                            /** Format: uuid */
                            targetJobId: string | null;
                            targetJobName: string | null;
                            updatedAt: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Create a source (password or private key stored encrypted, never returned); audited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        authMethod: "password" | "privateKey";
                        /** Format: uuid */
                        buyerId: string;
                        /** @default true */
                        enabled?: boolean;
                        /** @default *.csv */
                        filePattern?: string;
                        /** @default / */
                        folder?: string;
                        host: string;
                        /** Format: uuid */
                        issuerId: string;
                        /** @enum {string} */
                        jobType: "base" | "matched-data-only" | "advanced";
                        name: string;
                        passphrase?: string;
                        password?: string;
                        /** @default 22 */
                        port?: number;
                        privateKey?: string;
                        /** @default null */
                        scheduleMinutes?: number | null;
                        /** Format: uuid */
                        targetJobId?: string | null;
                        username: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            authMethod: "password" | "privateKey";
                            /** Format: uuid */
                            buyerId: string | null;
                            buyerName: string | null;
                            createdAt: string;
                            enabled: boolean;
                            filePattern: string;
                            folder: string;
                            hasPassword: boolean;
                            hasPrivateKey: boolean;
                            host: string;
                            hostKeyFingerprint: string | null;
                            hostKeyPinnedAt: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            lastPullAt: string | null;
                            lastPullMessage: string | null;
                            /** @enum {string|null} */
                            lastPullStatus: "ok" | "failed" | null;
                            name: string;
                            nextPullAt: string | null;
                            port: number;
                            pulls: {
                                id: number;
                                /** Format: uuid */
                                jobId: string | null;
                                jobName: string | null;
                                pulledAt: string;
                                remotePath: string;
                                sizeBytes: number;
                            }[];
                            scheduleMinutes: number | null;
                            /** Format: uuid */
                            targetJobId: string | null;
                            targetJobName: string | null;
                            updatedAt: string;
                            username: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/sftp-configurations/{configId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A source with its latest pulled files */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            authMethod: "password" | "privateKey";
                            /** Format: uuid */
                            buyerId: string | null;
                            buyerName: string | null;
                            createdAt: string;
                            enabled: boolean;
                            filePattern: string;
                            folder: string;
                            hasPassword: boolean;
                            hasPrivateKey: boolean;
                            host: string;
                            hostKeyFingerprint: string | null;
                            hostKeyPinnedAt: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            lastPullAt: string | null;
                            lastPullMessage: string | null;
                            /** @enum {string|null} */
                            lastPullStatus: "ok" | "failed" | null;
                            name: string;
                            nextPullAt: string | null;
                            port: number;
                            pulls: {
                                id: number;
                                /** Format: uuid */
                                jobId: string | null;
                                jobName: string | null;
                                pulledAt: string;
                                remotePath: string;
                                sizeBytes: number;
                            }[];
                            scheduleMinutes: number | null;
                            /** Format: uuid */
                            targetJobId: string | null;
                            targetJobName: string | null;
                            updatedAt: string;
                            username: string;
                        };
                    };
                };
            };
        };
        /** Update a source (leave the password or key out to keep the stored one — unless host, port or user change, which need it again); audited */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        authMethod: "password" | "privateKey";
                        /** Format: uuid */
                        buyerId: string;
                        /** @default true */
                        enabled?: boolean;
                        /** @default *.csv */
                        filePattern?: string;
                        /** @default / */
                        folder?: string;
                        host: string;
                        /** Format: uuid */
                        issuerId: string;
                        /** @enum {string} */
                        jobType: "base" | "matched-data-only" | "advanced";
                        name: string;
                        passphrase?: string;
                        password?: string;
                        /** @default 22 */
                        port?: number;
                        privateKey?: string;
                        /** @default null */
                        scheduleMinutes?: number | null;
                        /** Format: uuid */
                        targetJobId?: string | null;
                        username: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            authMethod: "password" | "privateKey";
                            /** Format: uuid */
                            buyerId: string | null;
                            buyerName: string | null;
                            createdAt: string;
                            enabled: boolean;
                            filePattern: string;
                            folder: string;
                            hasPassword: boolean;
                            hasPrivateKey: boolean;
                            host: string;
                            hostKeyFingerprint: string | null;
                            hostKeyPinnedAt: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            lastPullAt: string | null;
                            lastPullMessage: string | null;
                            /** @enum {string|null} */
                            lastPullStatus: "ok" | "failed" | null;
                            name: string;
                            nextPullAt: string | null;
                            port: number;
                            pulls: {
                                id: number;
                                /** Format: uuid */
                                jobId: string | null;
                                jobName: string | null;
                                pulledAt: string;
                                remotePath: string;
                                sizeBytes: number;
                            }[];
                            scheduleMinutes: number | null;
                            /** Format: uuid */
                            targetJobId: string | null;
                            targetJobName: string | null;
                            updatedAt: string;
                            username: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a source; audited */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/sftp-configurations/{configId}/host-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Accept a new host key for a source (after the server's key changed on purpose): pulls and tests then require it; audited */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        hostKeyFingerprint: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            authMethod: "password" | "privateKey";
                            /** Format: uuid */
                            buyerId: string | null;
                            buyerName: string | null;
                            createdAt: string;
                            enabled: boolean;
                            filePattern: string;
                            folder: string;
                            hasPassword: boolean;
                            hasPrivateKey: boolean;
                            host: string;
                            hostKeyFingerprint: string | null;
                            hostKeyPinnedAt: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            lastPullAt: string | null;
                            lastPullMessage: string | null;
                            /** @enum {string|null} */
                            lastPullStatus: "ok" | "failed" | null;
                            name: string;
                            nextPullAt: string | null;
                            port: number;
                            pulls: {
                                id: number;
                                /** Format: uuid */
                                jobId: string | null;
                                jobName: string | null;
                                pulledAt: string;
                                remotePath: string;
                                sizeBytes: number;
                            }[];
                            scheduleMinutes: number | null;
                            /** Format: uuid */
                            targetJobId: string | null;
                            targetJobName: string | null;
                            updatedAt: string;
                            username: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/sftp-configurations/{configId}/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pull new matching files now (a ProQ command) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            commandId: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/sftp-configurations/{configId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test a saved source (manage rights): the stored secret is used only for the stored host, port and user — another target needs the secret again. Pins the host key on the first connection; audited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    configId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        authMethod: "password" | "privateKey";
                        /** @default *.csv */
                        filePattern?: string;
                        /** @default / */
                        folder?: string;
                        host: string;
                        passphrase?: string;
                        password?: string;
                        /** @default 22 */
                        port?: number;
                        privateKey?: string;
                        username: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            files: {
                                matches: boolean;
                                modifiedAt: string;
                                name: string;
                                size: number;
                            }[];
                            hostKeyFingerprint: string | null;
                            hostKeyPinned: boolean;
                            message: string;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/devops/sftp-configurations/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test unsaved connection settings: connect, list the folder, show matching files and the host key; errors summarised; audited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        authMethod: "password" | "privateKey";
                        /** @default *.csv */
                        filePattern?: string;
                        /** @default / */
                        folder?: string;
                        host: string;
                        passphrase?: string;
                        password?: string;
                        /** @default 22 */
                        port?: number;
                        privateKey?: string;
                        username: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            files: {
                                matches: boolean;
                                modifiedAt: string;
                                name: string;
                                size: number;
                            }[];
                            hostKeyFingerprint: string | null;
                            hostKeyPinned: boolean;
                            message: string;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/endpoint-comparison/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Jobs with their runs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyerName: string | null;
                            /** Format: uuid */
                            id: string;
                            issuerName: string;
                            name: string;
                            runs: {
                                completedAt: string | null;
                                confidenceRulesetVersion: string | null;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                runNumber: number;
                                scoringRulesetVersion: string | null;
                                /** @enum {string} */
                                status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                            }[];
                            /** @enum {string} */
                            type: "base" | "matched-data-only" | "advanced";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/endpoint-comparison/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Differences between what two completed runs answer (summary, views, suppliers) */
        get: {
            parameters: {
                query: {
                    baseRunId: string;
                    compareRunId: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            base: {
                                completedAt: string | null;
                                confidenceRulesetVersion: string | null;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                runNumber: number;
                                scoringRulesetVersion: string | null;
                                /** @enum {string} */
                                status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                            };
                            compare: {
                                completedAt: string | null;
                                confidenceRulesetVersion: string | null;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                runNumber: number;
                                scoringRulesetVersion: string | null;
                                /** @enum {string} */
                                status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                            };
                            job: {
                                buyerName: string | null;
                                /** Format: uuid */
                                id: string;
                                issuerName: string;
                                name: string;
                                runs: {
                                    completedAt: string | null;
                                    confidenceRulesetVersion: string | null;
                                    createdAt: string;
                                    /** Format: uuid */
                                    id: string;
                                    runNumber: number;
                                    scoringRulesetVersion: string | null;
                                    /** @enum {string} */
                                    status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                                }[];
                                /** @enum {string} */
                                type: "base" | "matched-data-only" | "advanced";
                            };
                            sections: {
                                differences: {
                                    after: unknown;
                                    before: unknown;
                                    /** @enum {string} */
                                    kind: "added" | "removed" | "changed";
                                    path: string;
                                }[];
                                /** @enum {string} */
                                name: "summary" | "views" | "suppliers";
                                totalDifferences: number;
                                truncated: boolean;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/endpoint-comparison/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users the caller may compare */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            /** Format: uuid */
                            id: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Differences between what the API answers to two users (read-only endpoints) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        userA: string;
                        /** Format: uuid */
                        userB: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            endpoints: {
                                differences: {
                                    after: unknown;
                                    before: unknown;
                                    /** @enum {string} */
                                    kind: "added" | "removed" | "changed";
                                    path: string;
                                }[];
                                method: string;
                                name: string;
                                statusA: number;
                                statusB: number;
                                totalDifferences: number;
                                truncated: boolean;
                            }[];
                            userA: {
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                username: string;
                            };
                            userB: {
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                username: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an enrolment link stands for (public; rate-limited; the token in the X-Enrolment-Token header, never the URL): branding, buyer, supplier and status. A forged, foreign, expired or used token is refused (400, 410, 409), a token of no sent email 403 */
        get: {
            parameters: {
                query?: {
                    workflow?: string;
                };
                header: {
                    "x-enrolment-token": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            brandingKey: string | null;
                            brandName: string;
                            buyerName: string;
                            campaignName: string | null;
                            contactEmail: string | null;
                            expiresAt: string;
                            issuerName: string;
                            language: string;
                            /** @enum {string} */
                            status: "Pending" | "Active" | "Succeeded" | "Failed";
                            supplierCase: {
                                currency: string;
                                daysSooner: number | null;
                                /** @enum {string} */
                                feeTable: "issuer" | "defaults";
                                netBenefit: number | null;
                            } | null;
                            supplierName: string;
                            theme: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Confirm or decline an enrolment through its link (public; rate-limited; once per link): confirming moves Pending to Active, declining to Failed, with a dated history entry by the supplier’s contact */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        contactEmail: string;
                        contactName: string;
                        /** @enum {string} */
                        decision: "confirm" | "decline";
                        note?: string;
                        phone?: string;
                        token: string;
                        /** Format: uuid */
                        workflow?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @enum {string} */
                            status: "Pending" | "Active" | "Succeeded" | "Failed";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/global-insights/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issuers and buyers with their figures, sortable */
        get: {
            parameters: {
                query?: {
                    kind?: "issuer" | "buyer";
                    order?: "asc" | "desc";
                    sort?: "name" | "jobs" | "suppliers" | "spend" | "matchedSpendShare" | "cardCapableSpend" | "estimatedRebate";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            builtAt: string;
                            currency: string;
                            rows: {
                                cardCapableSpend: number;
                                estimatedRebate: number;
                                id: string;
                                issuerName: string | null;
                                jobs: {
                                    /** Format: uuid */
                                    jobId: string;
                                    jobName: string;
                                }[];
                                /** @enum {string} */
                                kind: "issuer" | "buyer";
                                matchedSpendShare: number;
                                name: string;
                                spend: number;
                                suppliers: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/global-insights/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the global insights of the caller’s jobs are ready, or the progress of their build */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            builtAt: string | null;
                            jobs: number;
                            message: string | null;
                            progress: number | null;
                            /** @enum {string} */
                            state: "Ready" | "Building" | "Failed" | "Empty";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/global-insights/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Headline figures over every job the caller may see (a merchant counted once), under a slicer */
        get: {
            parameters: {
                query?: {
                    slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                    slicerValue?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            builtAt: string;
                            buyers: number;
                            cardCapableSpend: number;
                            currencies: string[];
                            currency: string;
                            estimatedRebate: number;
                            issuers: number;
                            jobs: number;
                            matched: {
                                spend: number;
                                spendShare: number;
                                suppliers: number;
                                supplierShare: number;
                            };
                            /** @enum {string} */
                            slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue: string;
                            spend: number;
                            supplierRows: number;
                            suppliers: number;
                            waterfall: {
                                /** @enum {string} */
                                capability: "STP" | "VC" | "L3" | "Card Acceptor" | "Unmatched";
                                spend: number;
                                suppliers: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/global-insights/views/{view}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One chart view of the job insights over every job the caller may see, under a slicer */
        get: {
            parameters: {
                query?: {
                    format?: "json" | "csv";
                    slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                    slicerValue?: string;
                };
                header?: never;
                path: {
                    view: "country" | "job" | "transactionFrequency" | "invoicePaymentTerms" | "paymentMethod" | "paymentMethodCount" | "industry.mccDescription" | "industry.mccGroup" | "industry.mccType" | "industry.sicDivision" | "industry.sicMajorGroup" | "industry.sicIndustryGroup" | "industry.sicIndustry" | "industry.unspscCategory" | "industry.naicsNationalIndustry";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categories: {
                                category: string;
                                documentCount: number;
                                matchedCount: number;
                                spend: number;
                                supplierCount: number;
                            }[];
                            currency: string;
                            label: string;
                            /** @enum {string} */
                            slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue: string;
                            totals: {
                                spend: number;
                                supplierCount: number;
                            };
                            /** @enum {string} */
                            view: "country" | "job" | "transactionFrequency" | "invoicePaymentTerms" | "paymentMethod" | "paymentMethodCount" | "industry.mccDescription" | "industry.mccGroup" | "industry.mccType" | "industry.sicDivision" | "industry.sicMajorGroup" | "industry.sicIndustryGroup" | "industry.sicIndustry" | "industry.unspscCategory" | "industry.naicsNationalIndustry";
                        } | string;
                        "text/csv": {
                            categories: {
                                category: string;
                                documentCount: number;
                                matchedCount: number;
                                spend: number;
                                supplierCount: number;
                            }[];
                            currency: string;
                            label: string;
                            /** @enum {string} */
                            slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue: string;
                            totals: {
                                spend: number;
                                supplierCount: number;
                            };
                            /** @enum {string} */
                            view: "country" | "job" | "transactionFrequency" | "invoicePaymentTerms" | "paymentMethod" | "paymentMethodCount" | "industry.mccDescription" | "industry.mccGroup" | "industry.mccType" | "industry.sicDivision" | "industry.sicMajorGroup" | "industry.sicIndustryGroup" | "industry.sicIndustry" | "industry.unspscCategory" | "industry.naicsNationalIndustry";
                        } | string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update an issuer (id in the query or body; only the fields sent change) */
        put: {
            parameters: {
                query?: {
                    id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        analysisDataDownloadProfileId?: string;
                        /** Format: uuid */
                        brandingId?: string;
                        capabilities?: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                        currency?: string | null;
                        fallbackCountryIso3?: string | null;
                        /** Format: uuid */
                        id?: string;
                        inputDataOptions?: ("CsvFileUpload" | "SendUploadLink" | "MergeLink" | "MergeMagicLink")[];
                        issuerEmailDomains?: string[];
                        issuerKey?: string;
                        issuerKeyAliases?: string[];
                        language?: string;
                        matchedDataOnlyDownloadProfileId?: string;
                        name?: string;
                        onboardingDataDownloadProfileId?: string;
                        /** @enum {string} */
                        scheme?: "Mastercard" | "Visa" | "Unknown";
                        sendMagicLinks?: boolean;
                        virtualLockboxes?: ("Boost" | "BoostEu" | "Its")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        /** Create an issuer (SPEC §5 validation) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        analysisDataDownloadProfileId: string;
                        /** Format: uuid */
                        brandingId: string;
                        capabilities?: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                        currency?: string | null;
                        fallbackCountryIso3?: string | null;
                        inputDataOptions?: ("CsvFileUpload" | "SendUploadLink" | "MergeLink" | "MergeMagicLink")[];
                        issuerEmailDomains?: string[];
                        issuerKey: string;
                        issuerKeyAliases?: string[];
                        language: string;
                        matchedDataOnlyDownloadProfileId: string;
                        name: string;
                        onboardingDataDownloadProfileId: string;
                        /** @enum {string} */
                        scheme: "Mastercard" | "Visa" | "Unknown";
                        sendMagicLinks: boolean;
                        virtualLockboxes?: ("Boost" | "BoostEu" | "Its")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An issuer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            acceptanceFees: {
                                feeBps: number;
                                mccType: string;
                                network: string;
                                /** @enum {string} */
                                sizeBand: "*" | "Small" | "Medium" | "Large";
                            }[] | null;
                            analysisDataDownloadProfileId: string;
                            brandingDisplayName: string | null;
                            /** Format: uuid */
                            brandingId: string;
                            currency: string | null;
                            fallbackCountryIso3: string | null;
                            hasSupplierExcludeList: boolean;
                            hasSupplierIncludeList: boolean;
                            /** Format: uuid */
                            id: string;
                            issuerCapabilities: string[];
                            issuerInputDataOptions: string[];
                            issuerKey: string;
                            issuerKeyAliases: string[];
                            issuerVirtualLockboxes: string[];
                            jobNames: string[];
                            jobsCount: number;
                            language: string;
                            matchedDataOnlyDownloadProfileId: string;
                            name: string;
                            onboardingDataDownloadProfileId: string;
                            /** @enum {string} */
                            scheme: "Mastercard" | "Visa" | "Unknown";
                            sendMagicLinks: boolean;
                            usernames: string[];
                            usersCount: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an issuer without jobs (its buyers and memberships go with it) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/assigned-user-issuers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The issuers the user {id} belongs to (role, domain user, email domains) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailDomains: string[];
                            isDomainUser: boolean;
                            issuerBrandingName: string | null;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            /** @enum {string} */
                            userRole: "Manager" | "Member";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/full": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An issuer with email domains and members */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            acceptanceFees: {
                                feeBps: number;
                                mccType: string;
                                network: string;
                                /** @enum {string} */
                                sizeBand: "*" | "Small" | "Medium" | "Large";
                            }[] | null;
                            analysisDataDownloadProfileId: string;
                            brandingDisplayName: string | null;
                            /** Format: uuid */
                            brandingId: string;
                            currency: string | null;
                            fallbackCountryIso3: string | null;
                            hasSupplierExcludeList: boolean;
                            hasSupplierIncludeList: boolean;
                            /** Format: uuid */
                            id: string;
                            issuerCapabilities: string[];
                            issuerEmailDomains: string[];
                            issuerInputDataOptions: string[];
                            issuerKey: string;
                            issuerKeyAliases: string[];
                            issuerVirtualLockboxes: string[];
                            jobNames: string[];
                            jobsCount: number;
                            language: string;
                            matchedDataOnlyDownloadProfileId: string;
                            members: {
                                displayName: string;
                                isDomainUser: boolean;
                                /** @enum {string} */
                                memberRole: "Manager" | "Member";
                                /** Format: uuid */
                                userId: string;
                                username: string;
                            }[];
                            name: string;
                            numberNonEmailDomainUsers: number;
                            onboardingDataDownloadProfileId: string;
                            /** @enum {string} */
                            scheme: "Mastercard" | "Visa" | "Unknown";
                            sendMagicLinks: boolean;
                            usernames: string[];
                            usersCount: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The issuer’s members (username order) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            isDomainUser: boolean;
                            /** @enum {string} */
                            memberRole: "Manager" | "Member";
                            /** Format: uuid */
                            userId: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Add a user to the issuer as Manager or Member; answers the members */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default false */
                        isDomainUser?: boolean;
                        /** @enum {string} */
                        memberRole: "Manager" | "Member";
                        /** Format: uuid */
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            isDomainUser: boolean;
                            /** @enum {string} */
                            memberRole: "Manager" | "Member";
                            /** Format: uuid */
                            userId: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a user from the issuer; answers the members */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            isDomainUser: boolean;
                            /** @enum {string} */
                            memberRole: "Manager" | "Member";
                            /** Format: uuid */
                            userId: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member’s role or domain-user flag; answers the members */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        isDomainUser?: boolean;
                        /** @enum {string} */
                        memberRole?: "Manager" | "Member";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            isDomainUser: boolean;
                            /** @enum {string} */
                            memberRole: "Manager" | "Member";
                            /** Format: uuid */
                            userId: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/issuers/{id}/supplier-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entry counts of the issuer’s supplier include and exclude lists */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            exclude: {
                                count: number;
                                updatedAt: string | null;
                            };
                            include: {
                                count: number;
                                updatedAt: string | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/supplier-lists/{listType}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paged entries of the include or exclude list (supplier name order; search on name or id) */
        get: {
            parameters: {
                query?: {
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                };
                header?: never;
                path: {
                    id: string;
                    listType: "include" | "exclude";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                normalisedName: string;
                                supplierId: string | null;
                                supplierName: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Clear the list (the issuer then has no such list) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    listType: "include" | "exclude";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/supplier-lists/{listType}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add one supplier to the list */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    listType: "include" | "exclude";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        supplierId?: string | null;
                        supplierName: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            normalisedName: string;
                            supplierId: string | null;
                            supplierName: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/supplier-lists/{listType}/entries/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one supplier from the list */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    entryId: string;
                    id: string;
                    listType: "include" | "exclude";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/{id}/supplier-lists/{listType}/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the list from a CSV or XLSX file (multipart field "file"; a "Supplier Name" column, optionally "Supplier ID")
         * @description mode=replace (default) replaces the list, mode=append adds the entries not in it yet. A file that cannot be used (empty, no supplier name column, no names) is refused with a message and nothing is stored.
         */
        post: {
            parameters: {
                query?: {
                    mode?: "replace" | "append";
                };
                header?: never;
                path: {
                    id: string;
                    listType: "include" | "exclude";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: number;
                            duplicates: number;
                            idColumn: string | null;
                            message: string;
                            nameColumn: string;
                            skippedBlank: number;
                            statusCode: number;
                            success: boolean;
                            total: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged issuer list (filters on any listed property, every comparison operator) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                acceptanceFees: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                analysisDataDownloadProfileId: string;
                                brandingDisplayName: string | null;
                                /** Format: uuid */
                                brandingId: string;
                                currency: string | null;
                                fallbackCountryIso3: string | null;
                                hasSupplierExcludeList: boolean;
                                hasSupplierIncludeList: boolean;
                                /** Format: uuid */
                                id: string;
                                issuerCapabilities: string[];
                                issuerInputDataOptions: string[];
                                issuerKey: string;
                                issuerKeyAliases: string[];
                                issuerVirtualLockboxes: string[];
                                jobNames: string[];
                                jobsCount: number;
                                language: string;
                                matchedDataOnlyDownloadProfileId: string;
                                name: string;
                                onboardingDataDownloadProfileId: string;
                                /** @enum {string} */
                                scheme: "Mastercard" | "Visa" | "Unknown";
                                sendMagicLinks: boolean;
                                usernames: string[];
                                usersCount: number;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/getAllCapabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Capabilities an issuer can offer (id, name) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/getAllIssuerLanguages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issuer languages (key, name) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            key: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Virtual lockboxes available to issuers (key, label) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            key: string;
                            label: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/input-data-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The input data options an issuer can have, and whether this server is configured to carry each out */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configured: boolean;
                            /** @enum {string} */
                            option: "CsvFileUpload" | "SendUploadLink" | "MergeLink" | "MergeMagicLink";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/issuer-admin-acceptance-fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the issuer’s acceptance fee table (null: back to the defaults)
         * @description The fee a supplier pays to accept the card, by network, MCC type and size band (docs/ROUTES.md). Runs queued from now on use it; earlier runs keep the table they were computed with.
         */
        post: {
            parameters: {
                query: {
                    issuerId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        acceptanceFees: {
                            feeBps: number;
                            mccType: string;
                            network: string;
                            /** @enum {string} */
                            sizeBand: "*" | "Small" | "Medium" | "Large";
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/issuer-admin-capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the issuer’s capabilities */
        post: {
            parameters: {
                query: {
                    issuerId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        capabilities: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/issuer-admin-input-data-option-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the issuer’s input data options */
        post: {
            parameters: {
                query: {
                    issuerId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        inputDataOptions: ("CsvFileUpload" | "SendUploadLink" | "MergeLink" | "MergeMagicLink")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issuers/issuer-admin-virtual-lockbox-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the issuer’s virtual lockboxes */
        post: {
            parameters: {
                query: {
                    issuerId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/job-artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a job for an issuer’s buyer */
        post: {
            parameters: {
                query: {
                    buyerId?: string;
                    issuerId: string;
                    name: string;
                    newBuyerName?: string;
                    type: "base" | "matched-data-only" | "advanced";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/job-artifacts/{id}/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job’s owner, issuer and the users who may open it (and why) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorizedEndUsers: {
                                /** @enum {string} */
                                connectionType: "Owner" | "IssuerManager" | "DirectAssignment" | "MagicLinkUser";
                                /** Format: uuid */
                                userId: string;
                                username: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            isPublished: boolean;
                            issuerEmailDomains: string[];
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            name: string;
                            owner: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {string|null} */
                                role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor" | null;
                                username: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/job-artifacts/{id}/assignable-job-artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Jobs the caller can see that the user {id} cannot open yet */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyerName: string | null;
                            createdOn: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/job-artifacts/{id}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a job’s owner */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        ownerId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/job-artifacts/update-job-artifact-user-assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Assign a user to a job directly, or remove the assignment */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        isAssigned: boolean;
                        /** Format: uuid */
                        jobArtifactId: string;
                        /** Format: uuid */
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job with its files, runs (steps with live progress) and the caller’s abilities */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abilities: {
                                canAssignUsers: boolean;
                                canChangeOwner: boolean;
                                canDelete: boolean;
                                canPublish: boolean;
                                canRename: boolean;
                                canRun: boolean;
                                canUpload: boolean;
                                canViewLogs: boolean;
                            };
                            /** Format: uuid */
                            buyerId: string | null;
                            buyerName: string | null;
                            createdOn: string;
                            files: {
                                createdAt: string;
                                /** @enum {string} */
                                dataKind: "suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions";
                                datapoints: {
                                    key: string;
                                    label: string;
                                    required: boolean;
                                }[];
                                delimiter: string | null;
                                encoding: string | null;
                                /** @enum {string} */
                                format: "csv" | "xlsx";
                                headers: string[];
                                /** Format: uuid */
                                id: string;
                                layout: {
                                    detectedHeaderRow: number;
                                    headerRow: number;
                                    previewRows?: number[];
                                    sheet: string | null;
                                    sheets: string[];
                                    top: {
                                        cells: string[];
                                        row: number;
                                    }[];
                                } | null;
                                mapping: {
                                    [key: string]: string | null;
                                };
                                originalName: string;
                                preview: string[][];
                                sizeBytes: number;
                                /** @enum {string} */
                                status: "uploaded" | "validated" | "invalid";
                                validation: {
                                    amountTotals?: {
                                        amount: number;
                                        currency: string | null;
                                        rows: number;
                                    }[];
                                    errorCount: number;
                                    fatal: string | null;
                                    issues: {
                                        column: string | null;
                                        reason: string;
                                        row: number | null;
                                        /** @enum {string} */
                                        severity: "error" | "warning";
                                        value?: string | null;
                                    }[];
                                    rowCount: number;
                                    totalsRows?: number;
                                    validRowCount: number;
                                    warningCount: number;
                                } | null;
                            }[];
                            /** Format: uuid */
                            id: string;
                            isPublished: boolean;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            name: string;
                            owner: {
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                username: string;
                            };
                            /** Format: uuid */
                            resultRunId: string | null;
                            runs: {
                                completedAt: string | null;
                                confidenceRulesetVersion: string | null;
                                createdAt: string;
                                createdBy: string | null;
                                error: string | null;
                                /** Format: uuid */
                                id: string;
                                runNumber: number;
                                scoreLevels: {
                                    [key: string]: {
                                        [key: string]: number;
                                    };
                                } | null;
                                scoringRulesetVersion: string | null;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                                steps: {
                                    commandId: number | null;
                                    completedAt: string | null;
                                    error: string | null;
                                    label: string;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    startedAt: string | null;
                                    state: string;
                                    /** @enum {string} */
                                    step: "ingest" | "normalise" | "match" | "enrich" | "score" | "aggregate";
                                }[];
                            }[];
                            /** @enum {string} */
                            status: "Draft" | "Processing" | "Ready" | "Failed";
                            /** @enum {string} */
                            type: "base" | "matched-data-only" | "advanced";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a job with its files and results */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a job (owner or JobName_UPDATE) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/business-case": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The business case: defaults, saved inputs, the job’s base figures and the outputs per year */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achieved?: {
                                enrolledSuppliers: number;
                                shareOfTargetPct: number;
                                succeededSpend: number;
                                succeededSuppliers: number;
                            };
                            base: {
                                currency: string;
                                rows: {
                                    /** @enum {string} */
                                    level: "High" | "Medium" | "Low" | "None";
                                    /** @enum {string|null} */
                                    lockbox?: "Boost" | "BoostEu" | "Its" | null;
                                    /** @enum {string} */
                                    method: "Check" | "ACH" | "Wire" | "Card" | "Other";
                                    payments: number;
                                    /** @enum {string|null} */
                                    route?: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost" | null;
                                    spend: number;
                                    suppliers: number;
                                    suppliersWithoutPayments: number;
                                }[];
                                suppliers: number;
                                totalSpend: number;
                            };
                            canEdit: boolean;
                            defaults: {
                                conversion: {
                                    High: number;
                                    Low: number;
                                    Medium: number;
                                };
                                costOfCapitalPct: number;
                                dpoExtensionDays: number;
                                paymentCost: {
                                    ACH: number;
                                    Card: number;
                                    Check: number;
                                    Other: number;
                                    Wire: number;
                                };
                                paymentsPerSupplierPerYear: number;
                                /** @description % of target reached in years 1, 2, 3 */
                                rampUp: (number)[];
                                rebateBps: number;
                            };
                            inputs: {
                                conversion: {
                                    High: number;
                                    Low: number;
                                    Medium: number;
                                };
                                costOfCapitalPct: number;
                                dpoExtensionDays: number;
                                paymentCost: {
                                    ACH: number;
                                    Card: number;
                                    Check: number;
                                    Other: number;
                                    Wire: number;
                                };
                                paymentsPerSupplierPerYear: number;
                                /** @description % of target reached in years 1, 2, 3 */
                                rampUp: (number)[];
                                rebateBps: number;
                            };
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            learned?: {
                                byLevel: {
                                    High: number | null;
                                    Low: number | null;
                                    Medium: number | null;
                                };
                                minOutcomes: number;
                                outcomes: number;
                                /** @enum {string} */
                                source: "learned" | "prior";
                                suppliers: number;
                            };
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            outputs: {
                                target: {
                                    byLevel: {
                                        cardSpend: number;
                                        convertibleSpend: number;
                                        /** @enum {string} */
                                        level: "High" | "Medium" | "Low";
                                        suppliers: number;
                                    }[];
                                    byRoute: {
                                        cardSpend: number;
                                        convertibleSpend: number;
                                        /** @enum {string|null} */
                                        lockbox: "Boost" | "BoostEu" | "Its" | null;
                                        rebate: number;
                                        rebateBps: number;
                                        /** @enum {string|null} */
                                        route: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost" | null;
                                        suppliers: number;
                                    }[];
                                    cardSpend: number;
                                    paymentsMoved: number;
                                };
                                total: {
                                    cardSpend: number;
                                    paymentsMoved: number;
                                    processSavings: number;
                                    rebate: number;
                                    totalBenefit: number;
                                    workingCapital: number;
                                };
                                years: {
                                    cardSpend: number;
                                    paymentsMoved: number;
                                    processSavings: number;
                                    rampUpPct: number;
                                    rebate: number;
                                    totalBenefit: number;
                                    workingCapital: number;
                                    year: number;
                                }[];
                            };
                            saved: boolean;
                            updatedAt: string | null;
                            updatedBy: string | null;
                        };
                    };
                };
            };
        };
        /** Save the business case inputs (job owner or Job_Update) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conversion: {
                            High: number;
                            Low: number;
                            Medium: number;
                        };
                        costOfCapitalPct: number;
                        dpoExtensionDays: number;
                        paymentCost: {
                            ACH: number;
                            Card: number;
                            Check: number;
                            Other: number;
                            Wire: number;
                        };
                        paymentsPerSupplierPerYear: number;
                        /** @description % of target reached in years 1, 2, 3 */
                        rampUp: (number)[];
                        rebateBps: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achieved?: {
                                enrolledSuppliers: number;
                                shareOfTargetPct: number;
                                succeededSpend: number;
                                succeededSuppliers: number;
                            };
                            base: {
                                currency: string;
                                rows: {
                                    /** @enum {string} */
                                    level: "High" | "Medium" | "Low" | "None";
                                    /** @enum {string|null} */
                                    lockbox?: "Boost" | "BoostEu" | "Its" | null;
                                    /** @enum {string} */
                                    method: "Check" | "ACH" | "Wire" | "Card" | "Other";
                                    payments: number;
                                    /** @enum {string|null} */
                                    route?: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost" | null;
                                    spend: number;
                                    suppliers: number;
                                    suppliersWithoutPayments: number;
                                }[];
                                suppliers: number;
                                totalSpend: number;
                            };
                            canEdit: boolean;
                            defaults: {
                                conversion: {
                                    High: number;
                                    Low: number;
                                    Medium: number;
                                };
                                costOfCapitalPct: number;
                                dpoExtensionDays: number;
                                paymentCost: {
                                    ACH: number;
                                    Card: number;
                                    Check: number;
                                    Other: number;
                                    Wire: number;
                                };
                                paymentsPerSupplierPerYear: number;
                                /** @description % of target reached in years 1, 2, 3 */
                                rampUp: (number)[];
                                rebateBps: number;
                            };
                            inputs: {
                                conversion: {
                                    High: number;
                                    Low: number;
                                    Medium: number;
                                };
                                costOfCapitalPct: number;
                                dpoExtensionDays: number;
                                paymentCost: {
                                    ACH: number;
                                    Card: number;
                                    Check: number;
                                    Other: number;
                                    Wire: number;
                                };
                                paymentsPerSupplierPerYear: number;
                                /** @description % of target reached in years 1, 2, 3 */
                                rampUp: (number)[];
                                rebateBps: number;
                            };
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            learned?: {
                                byLevel: {
                                    High: number | null;
                                    Low: number | null;
                                    Medium: number | null;
                                };
                                minOutcomes: number;
                                outcomes: number;
                                /** @enum {string} */
                                source: "learned" | "prior";
                                suppliers: number;
                            };
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            outputs: {
                                target: {
                                    byLevel: {
                                        cardSpend: number;
                                        convertibleSpend: number;
                                        /** @enum {string} */
                                        level: "High" | "Medium" | "Low";
                                        suppliers: number;
                                    }[];
                                    byRoute: {
                                        cardSpend: number;
                                        convertibleSpend: number;
                                        /** @enum {string|null} */
                                        lockbox: "Boost" | "BoostEu" | "Its" | null;
                                        rebate: number;
                                        rebateBps: number;
                                        /** @enum {string|null} */
                                        route: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost" | null;
                                        suppliers: number;
                                    }[];
                                    cardSpend: number;
                                    paymentsMoved: number;
                                };
                                total: {
                                    cardSpend: number;
                                    paymentsMoved: number;
                                    processSavings: number;
                                    rebate: number;
                                    totalBenefit: number;
                                    workingCapital: number;
                                };
                                years: {
                                    cardSpend: number;
                                    paymentsMoved: number;
                                    processSavings: number;
                                    rampUpPct: number;
                                    rebate: number;
                                    totalBenefit: number;
                                    workingCapital: number;
                                    year: number;
                                }[];
                            };
                            saved: boolean;
                            updatedAt: string | null;
                            updatedBy: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/business-case/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the business case as an XLSX workbook (Inputs and Results sheets) */
        get: {
            parameters: {
                query: {
                    format: "xlsx";
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/business-case/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The saved business case with its outputs (for the download page and the printable report) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            achieved?: {
                                enrolledSuppliers: number;
                                shareOfTargetPct: number;
                                succeededSpend: number;
                                succeededSuppliers: number;
                            };
                            base: {
                                currency: string;
                                rows: {
                                    /** @enum {string} */
                                    level: "High" | "Medium" | "Low" | "None";
                                    /** @enum {string|null} */
                                    lockbox?: "Boost" | "BoostEu" | "Its" | null;
                                    /** @enum {string} */
                                    method: "Check" | "ACH" | "Wire" | "Card" | "Other";
                                    payments: number;
                                    /** @enum {string|null} */
                                    route?: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost" | null;
                                    spend: number;
                                    suppliers: number;
                                    suppliersWithoutPayments: number;
                                }[];
                                suppliers: number;
                                totalSpend: number;
                            };
                            canEdit: boolean;
                            defaults: {
                                conversion: {
                                    High: number;
                                    Low: number;
                                    Medium: number;
                                };
                                costOfCapitalPct: number;
                                dpoExtensionDays: number;
                                paymentCost: {
                                    ACH: number;
                                    Card: number;
                                    Check: number;
                                    Other: number;
                                    Wire: number;
                                };
                                paymentsPerSupplierPerYear: number;
                                /** @description % of target reached in years 1, 2, 3 */
                                rampUp: (number)[];
                                rebateBps: number;
                            };
                            inputs: {
                                conversion: {
                                    High: number;
                                    Low: number;
                                    Medium: number;
                                };
                                costOfCapitalPct: number;
                                dpoExtensionDays: number;
                                paymentCost: {
                                    ACH: number;
                                    Card: number;
                                    Check: number;
                                    Other: number;
                                    Wire: number;
                                };
                                paymentsPerSupplierPerYear: number;
                                /** @description % of target reached in years 1, 2, 3 */
                                rampUp: (number)[];
                                rebateBps: number;
                            };
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            /** @enum {string} */
                            jobType: "base" | "matched-data-only" | "advanced";
                            learned?: {
                                byLevel: {
                                    High: number | null;
                                    Low: number | null;
                                    Medium: number | null;
                                };
                                minOutcomes: number;
                                outcomes: number;
                                /** @enum {string} */
                                source: "learned" | "prior";
                                suppliers: number;
                            };
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            outputs: {
                                target: {
                                    byLevel: {
                                        cardSpend: number;
                                        convertibleSpend: number;
                                        /** @enum {string} */
                                        level: "High" | "Medium" | "Low";
                                        suppliers: number;
                                    }[];
                                    byRoute: {
                                        cardSpend: number;
                                        convertibleSpend: number;
                                        /** @enum {string|null} */
                                        lockbox: "Boost" | "BoostEu" | "Its" | null;
                                        rebate: number;
                                        rebateBps: number;
                                        /** @enum {string|null} */
                                        route: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost" | null;
                                        suppliers: number;
                                    }[];
                                    cardSpend: number;
                                    paymentsMoved: number;
                                };
                                total: {
                                    cardSpend: number;
                                    paymentsMoved: number;
                                    processSavings: number;
                                    rebate: number;
                                    totalBenefit: number;
                                    workingCapital: number;
                                };
                                years: {
                                    cardSpend: number;
                                    paymentsMoved: number;
                                    processSavings: number;
                                    rampUpPct: number;
                                    rebate: number;
                                    totalBenefit: number;
                                    workingCapital: number;
                                    year: number;
                                }[];
                            };
                            saved: boolean;
                            updatedAt: string | null;
                            updatedBy: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The campaign workflows of a job with their counters (total, pending, active, succeeded, failed) */
        get: {
            parameters: {
                query?: {
                    issuerId?: string;
                    jobId?: string;
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                    state?: "open" | "closed";
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                campaignCount: number;
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                id: string;
                                issuerId: string;
                                issuerName: string | null;
                                jobId: string;
                                jobName: string;
                                missing: number;
                                name: string;
                                ownerName: string | null;
                                /** @enum {string} */
                                sourceKind: "useCase" | "filter";
                                updatedAt: string;
                                useCaseId: string | null;
                                useCaseName: string | null;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a workflow from a use case (useCaseId) or a suppliers-table selection (filter): enrols its suppliers */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter?: {
                            /** @default [] */
                            filters?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                            search?: string;
                            /** @enum {string} */
                            slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue?: string;
                        };
                        name: string;
                        useCaseId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaignCount: number;
                            campaigns: {
                                conversion?: {
                                    achievedPct: number | null;
                                    decided: number;
                                    predictedPct: number | null;
                                    /** @enum {string} */
                                    source: "learned" | "prior";
                                };
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                emails: {
                                    bounced: number;
                                    failed: number;
                                    queued: number;
                                    sent: number;
                                };
                                id: string;
                                name: string;
                                outreach: {
                                    commandId: number;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    state: string;
                                } | null;
                                /** @enum {string} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign";
                                scheduledStart: string | null;
                                /** @enum {string} */
                                stageStatus: "Pending" | "Active" | "Completed";
                                templateBody: string;
                                templateSubject: string;
                                workflowId: string;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            createdAt: string;
                            currency: string;
                            filter: {
                                /** @default [] */
                                filters: {
                                    allowNullValue?: boolean;
                                    /** @enum {string} */
                                    itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                    itemValue?: (string | number | boolean) | null;
                                    propertyName: string;
                                }[];
                                search?: string;
                                /** @enum {string} */
                                slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                                slicerValue?: string;
                            } | null;
                            id: string;
                            issuerId: string;
                            issuerName: string | null;
                            jobId: string;
                            jobName: string;
                            missing: number;
                            name: string;
                            ownerName: string | null;
                            routes: {
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                label: string;
                                route: ("BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign") | "All";
                            }[];
                            /** @enum {string} */
                            sourceKind: "useCase" | "filter";
                            succeededSpend: number;
                            totalSpend: number;
                            unassigned: number;
                            updatedAt: string;
                            useCaseId: string | null;
                            useCaseName: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One workflow: its campaigns (waves) with counters and emails, counters by route and for All Routes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaignCount: number;
                            campaigns: {
                                conversion?: {
                                    achievedPct: number | null;
                                    decided: number;
                                    predictedPct: number | null;
                                    /** @enum {string} */
                                    source: "learned" | "prior";
                                };
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                emails: {
                                    bounced: number;
                                    failed: number;
                                    queued: number;
                                    sent: number;
                                };
                                id: string;
                                name: string;
                                outreach: {
                                    commandId: number;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    state: string;
                                } | null;
                                /** @enum {string} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign";
                                scheduledStart: string | null;
                                /** @enum {string} */
                                stageStatus: "Pending" | "Active" | "Completed";
                                templateBody: string;
                                templateSubject: string;
                                workflowId: string;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            createdAt: string;
                            currency: string;
                            filter: {
                                /** @default [] */
                                filters: {
                                    allowNullValue?: boolean;
                                    /** @enum {string} */
                                    itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                    itemValue?: (string | number | boolean) | null;
                                    propertyName: string;
                                }[];
                                search?: string;
                                /** @enum {string} */
                                slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                                slicerValue?: string;
                            } | null;
                            id: string;
                            issuerId: string;
                            issuerName: string | null;
                            jobId: string;
                            jobName: string;
                            missing: number;
                            name: string;
                            ownerName: string | null;
                            routes: {
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                label: string;
                                route: ("BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign") | "All";
                            }[];
                            /** @enum {string} */
                            sourceKind: "useCase" | "filter";
                            succeededSpend: number;
                            totalSpend: number;
                            unassigned: number;
                            updatedAt: string;
                            useCaseId: string | null;
                            useCaseName: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a workflow with its campaigns, enrolments, history and email records */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a workflow */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaignCount: number;
                            campaigns: {
                                conversion?: {
                                    achievedPct: number | null;
                                    decided: number;
                                    predictedPct: number | null;
                                    /** @enum {string} */
                                    source: "learned" | "prior";
                                };
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                emails: {
                                    bounced: number;
                                    failed: number;
                                    queued: number;
                                    sent: number;
                                };
                                id: string;
                                name: string;
                                outreach: {
                                    commandId: number;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    state: string;
                                } | null;
                                /** @enum {string} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign";
                                scheduledStart: string | null;
                                /** @enum {string} */
                                stageStatus: "Pending" | "Active" | "Completed";
                                templateBody: string;
                                templateSubject: string;
                                workflowId: string;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            createdAt: string;
                            currency: string;
                            filter: {
                                /** @default [] */
                                filters: {
                                    allowNullValue?: boolean;
                                    /** @enum {string} */
                                    itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                    itemValue?: (string | number | boolean) | null;
                                    propertyName: string;
                                }[];
                                search?: string;
                                /** @enum {string} */
                                slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                                slicerValue?: string;
                            } | null;
                            id: string;
                            issuerId: string;
                            issuerName: string | null;
                            jobId: string;
                            jobName: string;
                            missing: number;
                            name: string;
                            ownerName: string | null;
                            routes: {
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                label: string;
                                route: ("BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign") | "All";
                            }[];
                            /** @enum {string} */
                            sourceKind: "useCase" | "filter";
                            succeededSpend: number;
                            totalSpend: number;
                            unassigned: number;
                            updatedAt: string;
                            useCaseId: string | null;
                            useCaseName: string | null;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/bounces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload bounce messages (.eml, multipart field "file", several allowed): delivery status notifications (RFC 3464) are matched to this workflow’s outreach emails by Message-ID or recipient and recorded as bounces; a report per file and recipient */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recorded: number;
                            results: {
                                file: string;
                                /** @enum {string} */
                                outcome: "recorded" | "alreadyRecorded" | "notABounce" | "unmatched" | "invalid";
                                reason: string;
                                recipient: string | null;
                                supplierName: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a campaign (wave) with a route, outreach template and schedule; it takes supplierKeys, or the `count` best suppliers not in a wave yet by expected value = predicted conversion × route value (all when absent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        count?: number;
                        name: string;
                        /** @enum {string} */
                        route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign";
                        /** Format: date-time */
                        scheduledStart?: string | null;
                        supplierKeys?: string[];
                        templateBody?: string;
                        templateSubject?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaignCount: number;
                            campaigns: {
                                conversion?: {
                                    achievedPct: number | null;
                                    decided: number;
                                    predictedPct: number | null;
                                    /** @enum {string} */
                                    source: "learned" | "prior";
                                };
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                emails: {
                                    bounced: number;
                                    failed: number;
                                    queued: number;
                                    sent: number;
                                };
                                id: string;
                                name: string;
                                outreach: {
                                    commandId: number;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    state: string;
                                } | null;
                                /** @enum {string} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign";
                                scheduledStart: string | null;
                                /** @enum {string} */
                                stageStatus: "Pending" | "Active" | "Completed";
                                templateBody: string;
                                templateSubject: string;
                                workflowId: string;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            createdAt: string;
                            currency: string;
                            filter: {
                                /** @default [] */
                                filters: {
                                    allowNullValue?: boolean;
                                    /** @enum {string} */
                                    itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                    itemValue?: (string | number | boolean) | null;
                                    propertyName: string;
                                }[];
                                search?: string;
                                /** @enum {string} */
                                slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                                slicerValue?: string;
                            } | null;
                            id: string;
                            issuerId: string;
                            issuerName: string | null;
                            jobId: string;
                            jobName: string;
                            missing: number;
                            name: string;
                            ownerName: string | null;
                            routes: {
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                label: string;
                                route: ("BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign") | "All";
                            }[];
                            /** @enum {string} */
                            sourceKind: "useCase" | "filter";
                            succeededSpend: number;
                            totalSpend: number;
                            unassigned: number;
                            updatedAt: string;
                            useCaseId: string | null;
                            useCaseName: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/campaigns/{campaignId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a campaign: stage (Pending → Active → Completed, never back: 409), name, template, schedule */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaignId: string;
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** Format: date-time */
                        scheduledStart?: string | null;
                        /** @enum {string} */
                        stageStatus?: "Pending" | "Active" | "Completed";
                        templateBody?: string;
                        templateSubject?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaignCount: number;
                            campaigns: {
                                conversion?: {
                                    achievedPct: number | null;
                                    decided: number;
                                    predictedPct: number | null;
                                    /** @enum {string} */
                                    source: "learned" | "prior";
                                };
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                createdAt: string;
                                emails: {
                                    bounced: number;
                                    failed: number;
                                    queued: number;
                                    sent: number;
                                };
                                id: string;
                                name: string;
                                outreach: {
                                    commandId: number;
                                    progressMessage: string | null;
                                    progressPercent: number | null;
                                    state: string;
                                } | null;
                                /** @enum {string} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign";
                                scheduledStart: string | null;
                                /** @enum {string} */
                                stageStatus: "Pending" | "Active" | "Completed";
                                templateBody: string;
                                templateSubject: string;
                                workflowId: string;
                            }[];
                            counters: {
                                active: number;
                                failed: number;
                                pending: number;
                                succeeded: number;
                                total: number;
                            };
                            createdAt: string;
                            currency: string;
                            filter: {
                                /** @default [] */
                                filters: {
                                    allowNullValue?: boolean;
                                    /** @enum {string} */
                                    itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                    itemValue?: (string | number | boolean) | null;
                                    propertyName: string;
                                }[];
                                search?: string;
                                /** @enum {string} */
                                slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                                slicerValue?: string;
                            } | null;
                            id: string;
                            issuerId: string;
                            issuerName: string | null;
                            jobId: string;
                            jobName: string;
                            missing: number;
                            name: string;
                            ownerName: string | null;
                            routes: {
                                counters: {
                                    active: number;
                                    failed: number;
                                    pending: number;
                                    succeeded: number;
                                    total: number;
                                };
                                label: string;
                                route: ("BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign") | "All";
                            }[];
                            /** @enum {string} */
                            sourceKind: "useCase" | "filter";
                            succeededSpend: number;
                            totalSpend: number;
                            unassigned: number;
                            updatedAt: string;
                            useCaseId: string | null;
                            useCaseName: string | null;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/campaigns/{campaignId}/outreach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the campaign email to every supplier of the wave with a contact and no email yet (a rate-limited ProQ command; progress on the command) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaignId: string;
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            commandId: number;
                            recipients: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/campaigns/{campaignId}/outreach/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview the campaign email for one supplier (branded, merged), with how many would receive it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    campaignId: string;
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        supplierKey?: string;
                        templateBody?: string;
                        templateSubject?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            alreadySent: number;
                            from: string | null;
                            html: string;
                            recipients: number;
                            subject: string;
                            supplierKey: string | null;
                            text: string;
                            to: string | null;
                            unknownFields: string[];
                            withoutEmail: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload supplier contacts (CSV, multipart field "file": supplierKey or supplierId, contactEmail); all or nothing with a row-level report */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            applied: number;
                            message: string;
                            rows: number;
                            unchanged: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload outcomes (CSV, multipart field "file": supplierKey or supplierId, status, date, note); a file with any error is refused with a row-level report and nothing is applied */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            applied: number;
                            message: string;
                            rows: number;
                            unchanged: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/suppliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Suppliers of a workflow (paged; filters as a JSON array of filter items like the suppliers table, orderBy=property:asc|desc, search, status, campaignId), each with its predicted conversion (learnt from the issuer's outcomes, or the prior below 50: `prediction`) */
        get: {
            parameters: {
                query?: {
                    after?: string;
                    campaignId?: string | "none";
                    filters?: string;
                    orderBy?: string;
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                    status?: "Pending" | "Active" | "Succeeded" | "Failed";
                };
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                campaignId: string | null;
                                campaignName: string | null;
                                contactEmail: string | null;
                                country: string | null;
                                expectedValue: number;
                                missing: boolean;
                                predictedConversion: number;
                                /** @enum {string|null} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign" | null;
                                routeValue: number;
                                spend: number;
                                /** @enum {string} */
                                status: "Pending" | "Active" | "Succeeded" | "Failed";
                                supplierId: string | null;
                                supplierKey: string;
                                supplierName: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            nextCursor: string | null;
                            pageSize: number;
                            prediction: {
                                brier: number | null;
                                minOutcomes: number;
                                outcomes: number;
                                reason: string | null;
                                /** @enum {string} */
                                source: "learned" | "prior";
                                succeeded: number;
                            };
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/suppliers/{supplierKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One supplier in a workflow: status, campaign, contact, dated history with notes, emails sent */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                    supplierKey: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emails: {
                                bouncedAt: string | null;
                                campaignId: string;
                                campaignName: string;
                                createdAt: string;
                                error: string | null;
                                id: string;
                                sentAt: string | null;
                                /** @enum {string} */
                                status: "queued" | "sent" | "outbox" | "failed" | "bounced";
                                subject: string;
                                toAddress: string;
                            }[];
                            history: {
                                campaignName: string | null;
                                /** @enum {string|null} */
                                fromStatus: "Pending" | "Active" | "Succeeded" | "Failed" | null;
                                id: string;
                                /** @enum {string} */
                                kind: "created" | "assigned" | "status" | "note" | "email" | "bounce" | "missing" | "contact" | "link";
                                note: string | null;
                                occurredAt: string;
                                /** @enum {string|null} */
                                toStatus: "Pending" | "Active" | "Succeeded" | "Failed" | null;
                                userName: string | null;
                            }[];
                            supplier: {
                                campaignId: string | null;
                                campaignName: string | null;
                                contactEmail: string | null;
                                country: string | null;
                                expectedValue: number;
                                missing: boolean;
                                predictedConversion: number;
                                /** @enum {string|null} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign" | null;
                                routeValue: number;
                                spend: number;
                                /** @enum {string} */
                                status: "Pending" | "Active" | "Succeeded" | "Failed";
                                supplierId: string | null;
                                supplierKey: string;
                                supplierName: string;
                                updatedAt: string;
                            };
                            workflow: {
                                id: string;
                                jobId: string;
                                name: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change one supplier: status (Pending → Active → Succeeded | Failed), note, contact email, campaign */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                    supplierKey: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        campaignId?: string | null;
                        /** Format: email */
                        contactEmail?: string | null;
                        note?: string;
                        /** @enum {string} */
                        status?: "Pending" | "Active" | "Succeeded" | "Failed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emails: {
                                bouncedAt: string | null;
                                campaignId: string;
                                campaignName: string;
                                createdAt: string;
                                error: string | null;
                                id: string;
                                sentAt: string | null;
                                /** @enum {string} */
                                status: "queued" | "sent" | "outbox" | "failed" | "bounced";
                                subject: string;
                                toAddress: string;
                            }[];
                            history: {
                                campaignName: string | null;
                                /** @enum {string|null} */
                                fromStatus: "Pending" | "Active" | "Succeeded" | "Failed" | null;
                                id: string;
                                /** @enum {string} */
                                kind: "created" | "assigned" | "status" | "note" | "email" | "bounce" | "missing" | "contact" | "link";
                                note: string | null;
                                occurredAt: string;
                                /** @enum {string|null} */
                                toStatus: "Pending" | "Active" | "Succeeded" | "Failed" | null;
                                userName: string | null;
                            }[];
                            supplier: {
                                campaignId: string | null;
                                campaignName: string | null;
                                contactEmail: string | null;
                                country: string | null;
                                expectedValue: number;
                                missing: boolean;
                                predictedConversion: number;
                                /** @enum {string|null} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign" | null;
                                routeValue: number;
                                spend: number;
                                /** @enum {string} */
                                status: "Pending" | "Active" | "Succeeded" | "Failed";
                                supplierId: string | null;
                                supplierKey: string;
                                supplierName: string;
                                updatedAt: string;
                            };
                            workflow: {
                                id: string;
                                jobId: string;
                                name: string;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/suppliers/{supplierKey}/emails/{emailId}/bounce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that an outreach email bounced */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                    id: string;
                    jobId: string;
                    supplierKey: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/{id}/suppliers/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the status of many suppliers at once (all or nothing: unknown keys 400, illegal transitions 409) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note?: string;
                        /** @enum {string} */
                        status: "Pending" | "Active" | "Succeeded" | "Failed";
                        supplierKeys: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            unchanged: number;
                            updated: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/campaign-workflows/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a workflow can be created from: the job’s use cases with their supplier counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            routes: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            totalSuppliers: number;
                            useCases: {
                                name: string;
                                spend: number;
                                supplierCount: number;
                                useCaseId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed since the previous run: totals, then the suppliers that changed (paged; kind= and search= filter), each change with before, after and the reason; format=csv|xlsx downloads every change */
        get: {
            parameters: {
                query?: {
                    format?: "csv" | "xlsx";
                    kind?: "supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged";
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            computedAt: string;
                            confidenceRulesetVersions: {
                                after: string | null;
                                before: string | null;
                            };
                            /** Format: uuid */
                            previousRunId: string;
                            previousRunNumber: number;
                            /** Format: uuid */
                            runId: string;
                            runNumber: number;
                            scoringRulesetVersions: {
                                after: string | null;
                                before: string | null;
                            };
                            suppliers: {
                                collection: {
                                    changes: {
                                        after: string | null;
                                        before: string | null;
                                        field: string;
                                        /** @enum {string} */
                                        kind: "supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged";
                                        reason: string | null;
                                    }[];
                                    kinds: ("supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged")[];
                                    spendAfter: number | null;
                                    spendBefore: number | null;
                                    supplierKey: string;
                                    supplierName: string | null;
                                }[];
                                currentPage: number;
                                hasNextPage: boolean;
                                hasPreviousPage: boolean;
                                pageSize: number;
                                totalCount: number;
                                totalPages: number;
                            };
                            totals: {
                                acceptanceChanged: number;
                                capabilityChanged: number;
                                confidenceChanged: number;
                                confidenceDown: number;
                                confidenceUp: number;
                                matchGained: number;
                                matchLost: number;
                                merchantChanged: number;
                                scoreLevelChanged?: number;
                                scoreLevels?: {
                                    [key: string]: {
                                        down: number;
                                        up: number;
                                    };
                                };
                                spendChanged: number;
                                supplierAdded: number;
                                supplierRemoved: number;
                                suppliersChanged: number;
                            };
                        };
                        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
                            computedAt: string;
                            confidenceRulesetVersions: {
                                after: string | null;
                                before: string | null;
                            };
                            /** Format: uuid */
                            previousRunId: string;
                            previousRunNumber: number;
                            /** Format: uuid */
                            runId: string;
                            runNumber: number;
                            scoringRulesetVersions: {
                                after: string | null;
                                before: string | null;
                            };
                            suppliers: {
                                collection: {
                                    changes: {
                                        after: string | null;
                                        before: string | null;
                                        field: string;
                                        /** @enum {string} */
                                        kind: "supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged";
                                        reason: string | null;
                                    }[];
                                    kinds: ("supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged")[];
                                    spendAfter: number | null;
                                    spendBefore: number | null;
                                    supplierKey: string;
                                    supplierName: string | null;
                                }[];
                                currentPage: number;
                                hasNextPage: boolean;
                                hasPreviousPage: boolean;
                                pageSize: number;
                                totalCount: number;
                                totalPages: number;
                            };
                            totals: {
                                acceptanceChanged: number;
                                capabilityChanged: number;
                                confidenceChanged: number;
                                confidenceDown: number;
                                confidenceUp: number;
                                matchGained: number;
                                matchLost: number;
                                merchantChanged: number;
                                scoreLevelChanged?: number;
                                scoreLevels?: {
                                    [key: string]: {
                                        down: number;
                                        up: number;
                                    };
                                };
                                spendChanged: number;
                                supplierAdded: number;
                                supplierRemoved: number;
                                suppliersChanged: number;
                            };
                        };
                        "text/csv": {
                            computedAt: string;
                            confidenceRulesetVersions: {
                                after: string | null;
                                before: string | null;
                            };
                            /** Format: uuid */
                            previousRunId: string;
                            previousRunNumber: number;
                            /** Format: uuid */
                            runId: string;
                            runNumber: number;
                            scoringRulesetVersions: {
                                after: string | null;
                                before: string | null;
                            };
                            suppliers: {
                                collection: {
                                    changes: {
                                        after: string | null;
                                        before: string | null;
                                        field: string;
                                        /** @enum {string} */
                                        kind: "supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged";
                                        reason: string | null;
                                    }[];
                                    kinds: ("supplierAdded" | "supplierRemoved" | "matchGained" | "matchLost" | "merchantChanged" | "confidenceChanged" | "capabilityChanged" | "scoreLevelChanged" | "acceptanceChanged")[];
                                    spendAfter: number | null;
                                    spendBefore: number | null;
                                    supplierKey: string;
                                    supplierName: string | null;
                                }[];
                                currentPage: number;
                                hasNextPage: boolean;
                                hasPreviousPage: boolean;
                                pageSize: number;
                                totalCount: number;
                                totalPages: number;
                            };
                            totals: {
                                acceptanceChanged: number;
                                capabilityChanged: number;
                                confidenceChanged: number;
                                confidenceDown: number;
                                confidenceUp: number;
                                matchGained: number;
                                matchLost: number;
                                merchantChanged: number;
                                scoreLevelChanged?: number;
                                scoreLevels?: {
                                    [key: string]: {
                                        down: number;
                                        up: number;
                                    };
                                };
                                spendChanged: number;
                                supplierAdded: number;
                                supplierRemoved: number;
                                suppliersChanged: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/downloads/analysis-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the analysis data (columns of the issuer’s datapoint profile), streamed */
        get: {
            parameters: {
                query?: {
                    format?: "csv" | "xlsx";
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/downloads/matched-data-only": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the matched-data-only results (columns of the issuer’s datapoint profile), streamed */
        get: {
            parameters: {
                query?: {
                    format?: "csv" | "xlsx";
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/downloads/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the onboarding data (columns of the issuer’s datapoint profile), streamed */
        get: {
            parameters: {
                query?: {
                    format?: "csv" | "xlsx";
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a CSV or XLSX file (multipart field "file"): stored, checked by content, columns auto-mapped, rows validated */
        post: {
            parameters: {
                query: {
                    dataKind: "suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions";
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            /** @enum {string} */
                            dataKind: "suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions";
                            datapoints: {
                                key: string;
                                label: string;
                                required: boolean;
                            }[];
                            delimiter: string | null;
                            encoding: string | null;
                            /** @enum {string} */
                            format: "csv" | "xlsx";
                            headers: string[];
                            /** Format: uuid */
                            id: string;
                            layout: {
                                detectedHeaderRow: number;
                                headerRow: number;
                                previewRows?: number[];
                                sheet: string | null;
                                sheets: string[];
                                top: {
                                    cells: string[];
                                    row: number;
                                }[];
                            } | null;
                            mapping: {
                                [key: string]: string | null;
                            };
                            originalName: string;
                            preview: string[][];
                            sizeBytes: number;
                            /** @enum {string} */
                            status: "uploaded" | "validated" | "invalid";
                            validation: {
                                amountTotals?: {
                                    amount: number;
                                    currency: string | null;
                                    rows: number;
                                }[];
                                errorCount: number;
                                fatal: string | null;
                                issues: {
                                    column: string | null;
                                    reason: string;
                                    row: number | null;
                                    /** @enum {string} */
                                    severity: "error" | "warning";
                                    value?: string | null;
                                }[];
                                rowCount: number;
                                totalsRows?: number;
                                validRowCount: number;
                                warningCount: number;
                            } | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an uploaded file */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/files/{fileId}/layout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Read a file from another header row (1-based) or worksheet; headers and mapping are detected again and rows validated */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        headerRow?: number;
                        sheet?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            /** @enum {string} */
                            dataKind: "suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions";
                            datapoints: {
                                key: string;
                                label: string;
                                required: boolean;
                            }[];
                            delimiter: string | null;
                            encoding: string | null;
                            /** @enum {string} */
                            format: "csv" | "xlsx";
                            headers: string[];
                            /** Format: uuid */
                            id: string;
                            layout: {
                                detectedHeaderRow: number;
                                headerRow: number;
                                previewRows?: number[];
                                sheet: string | null;
                                sheets: string[];
                                top: {
                                    cells: string[];
                                    row: number;
                                }[];
                            } | null;
                            mapping: {
                                [key: string]: string | null;
                            };
                            originalName: string;
                            preview: string[][];
                            sizeBytes: number;
                            /** @enum {string} */
                            status: "uploaded" | "validated" | "invalid";
                            validation: {
                                amountTotals?: {
                                    amount: number;
                                    currency: string | null;
                                    rows: number;
                                }[];
                                errorCount: number;
                                fatal: string | null;
                                issues: {
                                    column: string | null;
                                    reason: string;
                                    row: number | null;
                                    /** @enum {string} */
                                    severity: "error" | "warning";
                                    value?: string | null;
                                }[];
                                rowCount: number;
                                totalsRows?: number;
                                validRowCount: number;
                                warningCount: number;
                            } | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/files/{fileId}/mapping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the column mapping of a file; rows are validated again */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        mapping: {
                            [key: string]: string | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            /** @enum {string} */
                            dataKind: "suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions";
                            datapoints: {
                                key: string;
                                label: string;
                                required: boolean;
                            }[];
                            delimiter: string | null;
                            encoding: string | null;
                            /** @enum {string} */
                            format: "csv" | "xlsx";
                            headers: string[];
                            /** Format: uuid */
                            id: string;
                            layout: {
                                detectedHeaderRow: number;
                                headerRow: number;
                                previewRows?: number[];
                                sheet: string | null;
                                sheets: string[];
                                top: {
                                    cells: string[];
                                    row: number;
                                }[];
                            } | null;
                            mapping: {
                                [key: string]: string | null;
                            };
                            originalName: string;
                            preview: string[][];
                            sizeBytes: number;
                            /** @enum {string} */
                            status: "uploaded" | "validated" | "invalid";
                            validation: {
                                amountTotals?: {
                                    amount: number;
                                    currency: string | null;
                                    rows: number;
                                }[];
                                errorCount: number;
                                fatal: string | null;
                                issues: {
                                    column: string | null;
                                    reason: string;
                                    row: number | null;
                                    /** @enum {string} */
                                    severity: "error" | "warning";
                                    value?: string | null;
                                }[];
                                rowCount: number;
                                totalsRows?: number;
                                validRowCount: number;
                                warningCount: number;
                            } | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/input-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The issuer’s input data options for this job (each Merge option on, off or not configured) and its Merge connection */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connection: {
                                createdAt: string;
                                endUserEmail: string;
                                fileIds: string[];
                                /** Format: uuid */
                                id: string;
                                integration: string | null;
                                lastImportAt: string | null;
                                lastMessage: string | null;
                                linkExpiresAt: string | null;
                                /** @enum {string} */
                                status: "Pending" | "Linked" | "Imported" | "Failed";
                                updatedAt: string;
                                /** @enum {string} */
                                via: "MergeLink" | "MergeMagicLink";
                            } | null;
                            csvFileUpload: boolean;
                            issuerName: string;
                            /** @enum {string} */
                            mergeLink: "on" | "off" | "notConfigured";
                            /** @enum {string} */
                            mergeMagicLink: "on" | "off" | "notConfigured";
                            sendUploadLink: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The job’s log, newest first (page with beforeId) */
        get: {
            parameters: {
                query?: {
                    beforeId?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            at: string;
                            id: number;
                            /** @enum {string} */
                            level: "info" | "warn" | "error";
                            message: string;
                            /** Format: uuid */
                            runId: string | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/merge/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import the connected accounting system’s data again (replaces the previous import’s files) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            endUserEmail: string;
                            fileIds: string[];
                            /** Format: uuid */
                            id: string;
                            integration: string | null;
                            lastImportAt: string | null;
                            lastMessage: string | null;
                            linkExpiresAt: string | null;
                            /** @enum {string} */
                            status: "Pending" | "Linked" | "Imported" | "Failed";
                            updatedAt: string;
                            /** @enum {string} */
                            via: "MergeLink" | "MergeMagicLink";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/merge/link-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge Link: a link token to connect the client’s accounting system to this job (option MergeLink) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connection: {
                                createdAt: string;
                                endUserEmail: string;
                                fileIds: string[];
                                /** Format: uuid */
                                id: string;
                                integration: string | null;
                                lastImportAt: string | null;
                                lastMessage: string | null;
                                linkExpiresAt: string | null;
                                /** @enum {string} */
                                status: "Pending" | "Linked" | "Imported" | "Failed";
                                updatedAt: string;
                                /** @enum {string} */
                                via: "MergeLink" | "MergeMagicLink";
                            };
                            linkToken: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/merge/public-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge Link finished: exchange its public token, keep the account token encrypted, import suppliers, invoices and payments as the job’s files */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        publicToken: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            endUserEmail: string;
                            fileIds: string[];
                            /** Format: uuid */
                            id: string;
                            integration: string | null;
                            lastImportAt: string | null;
                            lastMessage: string | null;
                            linkExpiresAt: string | null;
                            /** @enum {string} */
                            status: "Pending" | "Linked" | "Imported" | "Failed";
                            updatedAt: string;
                            /** @enum {string} */
                            via: "MergeLink" | "MergeMagicLink";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/presentation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The insights presentation’s slides (the same content as the PPTX) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyerName: string | null;
                            countries: {
                                name: string;
                                spend: number;
                                suppliers: number;
                            }[];
                            date: string;
                            industry: {
                                label: string;
                                rows: {
                                    name: string;
                                    spend: number;
                                    suppliers: number;
                                }[];
                            };
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            summary: {
                                buyerName: string | null;
                                completedAt: string | null;
                                counts: {
                                    invoices: number;
                                    payments: number;
                                    POs: number;
                                    spend: number;
                                    transactions: number;
                                };
                                currency: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                matched: {
                                    spend: number;
                                    spendShare: number;
                                    suppliers: number;
                                    supplierShare: number;
                                };
                                offer: {
                                    acceptanceFees?: {
                                        feeBps: number;
                                        mccType: string;
                                        network: string;
                                        /** @enum {string} */
                                        sizeBand: "*" | "Small" | "Medium" | "Large";
                                    }[] | null;
                                    issuerName: string;
                                    notOffered: {
                                        /** @enum {string} */
                                        kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                        /** @enum {string} */
                                        setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                    }[];
                                    offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                    virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                                } | null;
                                scores: {
                                    confidence: {
                                        /** @enum {string} */
                                        level: "Low" | "Medium" | "High";
                                        spend: number;
                                        suppliers: number;
                                    }[];
                                    levels: {
                                        /** @enum {string} */
                                        level: "Low" | "Medium" | "High" | "None";
                                        spend: number;
                                        suppliers: number;
                                    }[];
                                    /** @enum {string} */
                                    scoreKind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                }[] | null;
                                /** @enum {string} */
                                slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                                slicerValue: string;
                                spend: number;
                                suppliers: number;
                                waterfall: {
                                    /** @enum {string} */
                                    capability: "STP" | "VC" | "L3" | "Card Acceptor" | "Unmatched";
                                    spend: number;
                                    suppliers: number;
                                }[];
                            };
                            topSuppliers: {
                                cardCapability: string;
                                country: string | null;
                                name: string;
                                spend: number;
                            }[];
                            useCases: {
                                estimatedRebate: number;
                                id: string;
                                name: string;
                                spend: number;
                                suppliers: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/presentation/pptx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the insights presentation as PPTX with native charts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish or unpublish a job */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        isPublished: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/reports/{analysisReportType}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Any other report type: 400 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    analysisReportType: string;
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/reports/business-case/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the business-case report as PDF (rendered by server-side Chromium from the printable page) */
        get: {
            parameters: {
                query?: {
                    params?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/reports/insights/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the insights report as PDF (rendered by server-side Chromium from the printable page) */
        get: {
            parameters: {
                query?: {
                    params?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/reports/use-cases/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the use-cases report as PDF (rendered by server-side Chromium from the printable page) */
        get: {
            parameters: {
                query?: {
                    params?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Headline figures, card capability waterfall and score distributions of a job under a slicer */
        get: {
            parameters: {
                query?: {
                    slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                    slicerValue?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyerName: string | null;
                            completedAt: string | null;
                            counts: {
                                invoices: number;
                                payments: number;
                                POs: number;
                                spend: number;
                                transactions: number;
                            };
                            currency: string;
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            matched: {
                                spend: number;
                                spendShare: number;
                                suppliers: number;
                                supplierShare: number;
                            };
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            scores: {
                                confidence: {
                                    /** @enum {string} */
                                    level: "Low" | "Medium" | "High";
                                    spend: number;
                                    suppliers: number;
                                }[];
                                levels: {
                                    /** @enum {string} */
                                    level: "Low" | "Medium" | "High" | "None";
                                    spend: number;
                                    suppliers: number;
                                }[];
                                /** @enum {string} */
                                scoreKind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                            }[] | null;
                            /** @enum {string} */
                            slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue: string;
                            spend: number;
                            suppliers: number;
                            waterfall: {
                                /** @enum {string} */
                                capability: "STP" | "VC" | "L3" | "Card Acceptor" | "Unmatched";
                                spend: number;
                                suppliers: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/suppliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-paged suppliers of a job (filters as a JSON array of filter items, orderBy=property:asc|desc, search, slicer + slicerValue) with the filtered spend; format=csv|xlsx exports every filtered row */
        get: {
            parameters: {
                query?: {
                    filters?: string;
                    format?: "csv" | "xlsx";
                    orderBy?: string;
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                    secondaryOrderBy?: string;
                    slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                    slicerValue?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: ({
                                acceptancePrediction: string | null;
                                avgTransactionValue: number | null;
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                country: string | null;
                                detailLevel: string | null;
                                documentCount: number | null;
                                estimatedRebate?: number | null;
                                firstDate: string | null;
                                invoiceCount: number | null;
                                lastDate: string | null;
                                matchConfidence: string | null;
                                matchStatus: string | null;
                                paymentCount: number | null;
                                poCount: number | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendCount: number | null;
                                stpCapable: string | null;
                                supplierKey: string;
                                supplierName: string | null;
                                transactionCount: number | null;
                                vcAccepting: string | null;
                            } & {
                                [key: string]: (string | number | boolean) | null;
                            })[];
                            currency: string;
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                            totalSpend: number;
                        };
                        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
                            collection: ({
                                acceptancePrediction: string | null;
                                avgTransactionValue: number | null;
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                country: string | null;
                                detailLevel: string | null;
                                documentCount: number | null;
                                estimatedRebate?: number | null;
                                firstDate: string | null;
                                invoiceCount: number | null;
                                lastDate: string | null;
                                matchConfidence: string | null;
                                matchStatus: string | null;
                                paymentCount: number | null;
                                poCount: number | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendCount: number | null;
                                stpCapable: string | null;
                                supplierKey: string;
                                supplierName: string | null;
                                transactionCount: number | null;
                                vcAccepting: string | null;
                            } & {
                                [key: string]: (string | number | boolean) | null;
                            })[];
                            currency: string;
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                            totalSpend: number;
                        };
                        "text/csv": {
                            collection: ({
                                acceptancePrediction: string | null;
                                avgTransactionValue: number | null;
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                country: string | null;
                                detailLevel: string | null;
                                documentCount: number | null;
                                estimatedRebate?: number | null;
                                firstDate: string | null;
                                invoiceCount: number | null;
                                lastDate: string | null;
                                matchConfidence: string | null;
                                matchStatus: string | null;
                                paymentCount: number | null;
                                poCount: number | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendCount: number | null;
                                stpCapable: string | null;
                                supplierKey: string;
                                supplierName: string | null;
                                transactionCount: number | null;
                                vcAccepting: string | null;
                            } & {
                                [key: string]: (string | number | boolean) | null;
                            })[];
                            currency: string;
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                            totalSpend: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/suppliers/{supplierKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One supplier: its data, the matched merchant with the match evidence, scores with their rules, industry codes, documents and use cases */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                    supplierKey: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            acceptance: {
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                detailLevel: string | null;
                                drivers: {
                                    effect: number;
                                    feature: string;
                                    label: string;
                                }[];
                                explanation: string | null;
                                lockboxes: string[];
                                lockboxProgramme: string | null;
                                prediction: string | null;
                                probability: number | null;
                                stpCapable: string | null;
                                vcAccepting: string | null;
                            };
                            campaigns: {
                                campaignName: string | null;
                                id: string;
                                name: string;
                                /** @enum {string|null} */
                                route: "BuyerOnboard" | "Issuer" | "IsVlbAutoEnrolled" | "Other" | "ExternalCampaign" | null;
                                /** @enum {string} */
                                status: "Pending" | "Active" | "Succeeded" | "Failed";
                                updatedAt: string;
                            }[];
                            currency: string;
                            documents: {
                                counts: {
                                    invoices: number | null;
                                    payments: number | null;
                                    purchaseOrders: number | null;
                                    spend: number | null;
                                    total: number | null;
                                    transactions: number | null;
                                };
                                firstDate: string | null;
                                inputKinds: string[];
                                lastDate: string | null;
                            };
                            industry: {
                                classifications: {
                                    key: string;
                                    value: string | null;
                                }[];
                                mcc: string | null;
                                naicsCode: string | null;
                                sicCode: string | null;
                                unspscCode: string | null;
                            };
                            jobId: string;
                            match: {
                                agreement: {
                                    agrees: boolean | null;
                                    field: string;
                                }[];
                                candidateMerchantId: string | null;
                                confidence: string | null;
                                downgradedForAmbiguity: boolean | null;
                                fields: {
                                    field: string;
                                    merchant: string | null;
                                    result: string;
                                    score: number | null;
                                    supplier: string | null;
                                }[];
                                fieldsAgreeing: string[];
                                fieldsDisagreeing: string[];
                                matchedMerchantId: string | null;
                                rule: {
                                    description: string | null;
                                    id: string;
                                } | null;
                                rulesetVersion: number | null;
                                scores: {
                                    address: number | null;
                                    name: number | null;
                                    nameJaroWinkler: number | null;
                                    nameTokenSimilarity: number | null;
                                    runnerUp: number | null;
                                    total: number | null;
                                };
                                status: string | null;
                            };
                            merchant: {
                                acceptsCard: boolean | null;
                                addressLine1: string | null;
                                addressLine2: string | null;
                                city: string | null;
                                country: string | null;
                                detailLevel: number | null;
                                lockboxes: string[];
                                mcc: string | null;
                                merchantId: string;
                                name: string | null;
                                postcode: string | null;
                                region: string | null;
                                stpCapable: boolean | null;
                                taxId: string | null;
                                vcAccepting: boolean | null;
                            } | null;
                            mergedNetworks: {
                                acceptsAnywhere: boolean;
                                acceptsIn: string[];
                                bestCapability: string;
                                bestCapabilityNetwork: string | null;
                                networksMatched: number;
                            } | null;
                            networks: {
                                acceptsCard: boolean | null;
                                /** @enum {string} */
                                candidateSearch: "confirm" | "full";
                                cardCapability: string | null;
                                confidence: string | null;
                                detailLevel: number | null;
                                lockboxes: string[];
                                matched: boolean;
                                matchScore: number | null;
                                merchantId: string | null;
                                merchantName: string | null;
                                network: string;
                                networkVersion: string;
                                rule: string | null;
                                stpCapable: boolean | null;
                                vcAccepting: boolean | null;
                            }[];
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            optimaMethod: string | null;
                            routes: {
                                cost: number;
                                expectedValue: number;
                                inputs: {
                                    cardPaymentCost: number;
                                    convertibleSpend: number;
                                    paymentMethod: string;
                                    payments: number;
                                    paymentsEstimated: boolean;
                                    processSavings: number;
                                    providerFee: number;
                                    rebate: number;
                                    rebateBps: number;
                                    workingCapital: number;
                                };
                                level: string | null;
                                /** @enum {string|null} */
                                lockbox: "Boost" | "BoostEu" | "Its" | null;
                                probability: number;
                                /** @enum {string} */
                                probabilitySource: "level" | "model";
                                reasons: string[];
                                /** @enum {string} */
                                route: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                supplierNet: {
                                    cashValue: number | null;
                                    costOfCapitalPct: number;
                                    daysSooner: number | null;
                                    fee: number;
                                    feeBps: number;
                                    /** @enum {string} */
                                    feeTable: "issuer" | "defaults";
                                    mccType: string | null;
                                    net: number | null;
                                    paymentTermsDays: number | null;
                                    settlementDays: number;
                                    /** @enum {string} */
                                    sizeBand: "Small" | "Medium" | "Large";
                                };
                                value: number;
                            }[];
                            rulesetVersions: {
                                confidence: number | null;
                                scoring: number | null;
                            };
                            scored: boolean;
                            scores: {
                                confidence: string | null;
                                confidenceRule: {
                                    description: string | null;
                                    id: string | null;
                                };
                                kind: string;
                                level: string | null;
                                rule: {
                                    description: string | null;
                                    id: string | null;
                                };
                            }[];
                            supplier: {
                                addressLine1: string | null;
                                addressLine2: string | null;
                                avgTransactionValue: number | null;
                                cardSpend: number | null;
                                category: string | null;
                                city: string | null;
                                country: string | null;
                                frequencyBand: string | null;
                                inputMcc: string | null;
                                paymentMethod: string | null;
                                paymentMethodCount: number | null;
                                paymentMethods: string[];
                                paymentTermsBand: string | null;
                                paymentTermsDays: number | null;
                                postcode: string | null;
                                region: string | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendShare: number | null;
                                supplierKey: string;
                                supplierName: string | null;
                                taxId: string | null;
                                transactionsPerYear: number | null;
                            };
                            useCases: {
                                estimatedRebate: number;
                                name: string;
                                rebateBps: number;
                                spend: number;
                                useCaseId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/suppliers/columns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The supplier column catalogue of a job: type, filter kind and the distinct values of multiselect columns */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            columns: {
                                amount: boolean;
                                field: string;
                                /** @enum {string} */
                                filterKind: "multiselect" | "boolean" | "number" | "date" | "unavailable";
                                inTable: boolean;
                                label: string;
                                /** @enum {string} */
                                type: "string" | "number" | "boolean" | "date";
                                values?: string[];
                            }[];
                            currency: string;
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            scored: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/use-cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Use cases of a job with their opportunity (suppliers, spend, estimated rebate, rebate bps) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            offer: {
                                acceptanceFees?: {
                                    feeBps: number;
                                    mccType: string;
                                    network: string;
                                    /** @enum {string} */
                                    sizeBand: "*" | "Small" | "Medium" | "Large";
                                }[] | null;
                                issuerName: string;
                                notOffered: {
                                    /** @enum {string} */
                                    kind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                    /** @enum {string} */
                                    setting: "issuerCapabilities" | "issuerVirtualLockboxes";
                                }[];
                                offered: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                                virtualLockboxes: ("Boost" | "BoostEu" | "Its")[];
                            } | null;
                            totalSpend: number;
                            totalSuppliers: number;
                            useCases: {
                                description: string;
                                estimatedRebate: number;
                                name: string;
                                rebateBps: number;
                                spend: number;
                                spendSharePercent: number;
                                supplierCount: number;
                                useCaseId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/use-cases-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Use Cases Report data: every use case with its opportunity and its top 10 suppliers by spend */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyerName: string | null;
                            completedAt: string | null;
                            currency: string;
                            jobId: string;
                            jobName: string;
                            totalEstimatedRebate: number;
                            totalSpend: number;
                            totalSuppliers: number;
                            useCases: {
                                description: string;
                                estimatedRebate: number;
                                name: string;
                                rebateBps: number;
                                spend: number;
                                spendSharePercent: number;
                                supplierCount: number;
                                topSuppliers: {
                                    cardCapability: string | null;
                                    country: string | null;
                                    estimatedRebate: number | null;
                                    spend: number | null;
                                    supplierKey: string;
                                    supplierName: string | null;
                                }[];
                                useCaseId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/use-cases/{useCaseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One use case with its opportunity */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                    useCaseId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            description: string;
                            estimatedRebate: number;
                            name: string;
                            rebateBps: number;
                            spend: number;
                            spendSharePercent: number;
                            supplierCount: number;
                            totalSpend: number;
                            useCaseId: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/use-cases/{useCaseId}/suppliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-paged suppliers of a use case with their estimated rebate (same query as the suppliers list); format=csv|xlsx exports every filtered row */
        get: {
            parameters: {
                query?: {
                    filters?: string;
                    format?: "csv" | "xlsx";
                    orderBy?: string;
                    pageNumber?: number;
                    pageSize?: number;
                    search?: string;
                    secondaryOrderBy?: string;
                    slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                    slicerValue?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                    useCaseId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: ({
                                acceptancePrediction: string | null;
                                avgTransactionValue: number | null;
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                country: string | null;
                                detailLevel: string | null;
                                documentCount: number | null;
                                estimatedRebate?: number | null;
                                firstDate: string | null;
                                invoiceCount: number | null;
                                lastDate: string | null;
                                matchConfidence: string | null;
                                matchStatus: string | null;
                                paymentCount: number | null;
                                poCount: number | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendCount: number | null;
                                stpCapable: string | null;
                                supplierKey: string;
                                supplierName: string | null;
                                transactionCount: number | null;
                                vcAccepting: string | null;
                            } & {
                                [key: string]: (string | number | boolean) | null;
                            })[];
                            currency: string;
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                            totalSpend: number;
                        };
                        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
                            collection: ({
                                acceptancePrediction: string | null;
                                avgTransactionValue: number | null;
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                country: string | null;
                                detailLevel: string | null;
                                documentCount: number | null;
                                estimatedRebate?: number | null;
                                firstDate: string | null;
                                invoiceCount: number | null;
                                lastDate: string | null;
                                matchConfidence: string | null;
                                matchStatus: string | null;
                                paymentCount: number | null;
                                poCount: number | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendCount: number | null;
                                stpCapable: string | null;
                                supplierKey: string;
                                supplierName: string | null;
                                transactionCount: number | null;
                                vcAccepting: string | null;
                            } & {
                                [key: string]: (string | number | boolean) | null;
                            })[];
                            currency: string;
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                            totalSpend: number;
                        };
                        "text/csv": {
                            collection: ({
                                acceptancePrediction: string | null;
                                avgTransactionValue: number | null;
                                cardAcceptor: boolean | null;
                                cardCapability: string | null;
                                country: string | null;
                                detailLevel: string | null;
                                documentCount: number | null;
                                estimatedRebate?: number | null;
                                firstDate: string | null;
                                invoiceCount: number | null;
                                lastDate: string | null;
                                matchConfidence: string | null;
                                matchStatus: string | null;
                                paymentCount: number | null;
                                poCount: number | null;
                                sourceSupplierId: string | null;
                                spend: number | null;
                                spendCount: number | null;
                                stpCapable: string | null;
                                supplierKey: string;
                                supplierName: string | null;
                                transactionCount: number | null;
                                vcAccepting: string | null;
                            } & {
                                [key: string]: (string | number | boolean) | null;
                            })[];
                            currency: string;
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                            totalSpend: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/results/views/{view}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One chart view’s categories under a slicer, as JSON or as a CSV download */
        get: {
            parameters: {
                query?: {
                    format?: "json" | "csv";
                    slicer?: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                    slicerValue?: string;
                };
                header?: never;
                path: {
                    jobId: string;
                    view: "country" | "job" | "transactionFrequency" | "invoicePaymentTerms" | "paymentMethod" | "paymentMethodCount" | "industry.mccDescription" | "industry.mccGroup" | "industry.mccType" | "industry.sicDivision" | "industry.sicMajorGroup" | "industry.sicIndustryGroup" | "industry.sicIndustry" | "industry.unspscCategory" | "industry.naicsNationalIndustry";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categories: {
                                category: string;
                                documentCount: number;
                                matchedCount: number;
                                spend: number;
                                supplierCount: number;
                            }[];
                            currency: string;
                            label: string;
                            /** @enum {string} */
                            slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue: string;
                            totals: {
                                spend: number;
                                supplierCount: number;
                            };
                            /** @enum {string} */
                            view: "country" | "job" | "transactionFrequency" | "invoicePaymentTerms" | "paymentMethod" | "paymentMethodCount" | "industry.mccDescription" | "industry.mccGroup" | "industry.mccType" | "industry.sicDivision" | "industry.sicMajorGroup" | "industry.sicIndustryGroup" | "industry.sicIndustry" | "industry.unspscCategory" | "industry.naicsNationalIndustry";
                        } | string;
                        "text/csv": {
                            categories: {
                                category: string;
                                documentCount: number;
                                matchedCount: number;
                                spend: number;
                                supplierCount: number;
                            }[];
                            currency: string;
                            label: string;
                            /** @enum {string} */
                            slicer: "Overall" | "CardAccepting" | "VcAccepting" | "DetailLevel" | "StpCapable" | "CardCapability";
                            slicerValue: string;
                            totals: {
                                spend: number;
                                supplierCount: number;
                            };
                            /** @enum {string} */
                            view: "country" | "job" | "transactionFrequency" | "invoicePaymentTerms" | "paymentMethod" | "paymentMethodCount" | "industry.mccDescription" | "industry.mccGroup" | "industry.mccType" | "industry.sicDivision" | "industry.sicMajorGroup" | "industry.sicIndustryGroup" | "industry.sicIndustry" | "industry.unspscCategory" | "industry.naicsNationalIndustry";
                        } | string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runs, latest first, with each step’s state, progress and timings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completedAt: string | null;
                            confidenceRulesetVersion: string | null;
                            createdAt: string;
                            createdBy: string | null;
                            error: string | null;
                            /** Format: uuid */
                            id: string;
                            runNumber: number;
                            scoreLevels: {
                                [key: string]: {
                                    [key: string]: number;
                                };
                            } | null;
                            scoringRulesetVersion: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                            steps: {
                                commandId: number | null;
                                completedAt: string | null;
                                error: string | null;
                                label: string;
                                progressMessage: string | null;
                                progressPercent: number | null;
                                startedAt: string | null;
                                state: string;
                                /** @enum {string} */
                                step: "ingest" | "normalise" | "match" | "enrich" | "score" | "aggregate";
                            }[];
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Run the analysis pipeline on the job’s files (previous results stay until it completes) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completedAt: string | null;
                            confidenceRulesetVersion: string | null;
                            createdAt: string;
                            createdBy: string | null;
                            error: string | null;
                            /** Format: uuid */
                            id: string;
                            runNumber: number;
                            scoreLevels: {
                                [key: string]: {
                                    [key: string]: number;
                                };
                            } | null;
                            scoringRulesetVersion: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                            steps: {
                                commandId: number | null;
                                completedAt: string | null;
                                error: string | null;
                                label: string;
                                progressMessage: string | null;
                                progressPercent: number | null;
                                startedAt: string | null;
                                state: string;
                                /** @enum {string} */
                                step: "ingest" | "normalise" | "match" | "enrich" | "score" | "aggregate";
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{jobId}/runs/{runId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry the failed step of a run */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                    runId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completedAt: string | null;
                            confidenceRulesetVersion: string | null;
                            createdAt: string;
                            createdBy: string | null;
                            error: string | null;
                            /** Format: uuid */
                            id: string;
                            runNumber: number;
                            scoreLevels: {
                                [key: string]: {
                                    [key: string]: number;
                                };
                            } | null;
                            scoringRulesetVersion: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "Queued" | "Running" | "Completed" | "Failed" | "Canceled";
                            steps: {
                                commandId: number | null;
                                completedAt: string | null;
                                error: string | null;
                                label: string;
                                progressMessage: string | null;
                                progressPercent: number | null;
                                startedAt: string | null;
                                state: string;
                                /** @enum {string} */
                                step: "ingest" | "normalise" | "match" | "enrich" | "score" | "aggregate";
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/creation-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issuers the caller may create jobs for, with their buyers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyers: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            canCreateBuyer: boolean;
                            currency: string | null;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linked-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts sharing an email across identity providers, grouped by email */
        get: {
            parameters: {
                query?: {
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accounts: {
                                createdAt: string;
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                idProviderName: string;
                                isDeactivated: boolean;
                                isInternal: boolean;
                                issuers: {
                                    issuerId: string;
                                    issuerName: string;
                                    role: string;
                                }[];
                                lastActivityAt: string | null;
                                roles: string[];
                                username: string;
                            }[];
                            email: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linked-accounts/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge the source account into the target in one transaction (audited); the source is deactivated */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        sourceUserId: string;
                        /** Format: uuid */
                        targetUserId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            preview: {
                                auditRowsKept: number;
                                blockers: string[];
                                internalAfter: boolean;
                                jobAssignments: {
                                    connectionType: string;
                                    id: string;
                                    name: string;
                                }[];
                                jobsOwned: {
                                    id: string;
                                    name: string;
                                }[];
                                membershipsAdded: {
                                    issuerId: string;
                                    issuerName: string;
                                    role: string;
                                }[];
                                membershipsRaised: {
                                    issuerId: string;
                                    issuerName: string;
                                    role: string;
                                }[];
                                pendingLinksRevoked: number;
                                permissionsAdded: string[];
                                rolesAdded: string[];
                                sessionsEnded: number;
                                source: {
                                    createdAt: string;
                                    displayName: string;
                                    /** Format: uuid */
                                    id: string;
                                    idProviderName: string;
                                    isDeactivated: boolean;
                                    isInternal: boolean;
                                    issuers: {
                                        issuerId: string;
                                        issuerName: string;
                                        role: string;
                                    }[];
                                    lastActivityAt: string | null;
                                    roles: string[];
                                    username: string;
                                };
                                target: {
                                    createdAt: string;
                                    displayName: string;
                                    /** Format: uuid */
                                    id: string;
                                    idProviderName: string;
                                    isDeactivated: boolean;
                                    isInternal: boolean;
                                    issuers: {
                                        issuerId: string;
                                        issuerName: string;
                                        role: string;
                                    }[];
                                    lastActivityAt: string | null;
                                    roles: string[];
                                    username: string;
                                };
                            };
                            /** @enum {boolean} */
                            success: true;
                            target: {
                                createdAt: string;
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                idProviderName: string;
                                isDeactivated: boolean;
                                isInternal: boolean;
                                issuers: {
                                    issuerId: string;
                                    issuerName: string;
                                    role: string;
                                }[];
                                lastActivityAt: string | null;
                                roles: string[];
                                username: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/linked-accounts/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a merge would move (roles, memberships, jobs, assignments, sessions) and what blocks it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        sourceUserId: string;
                        /** Format: uuid */
                        targetUserId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            auditRowsKept: number;
                            blockers: string[];
                            internalAfter: boolean;
                            jobAssignments: {
                                connectionType: string;
                                id: string;
                                name: string;
                            }[];
                            jobsOwned: {
                                id: string;
                                name: string;
                            }[];
                            membershipsAdded: {
                                issuerId: string;
                                issuerName: string;
                                role: string;
                            }[];
                            membershipsRaised: {
                                issuerId: string;
                                issuerName: string;
                                role: string;
                            }[];
                            pendingLinksRevoked: number;
                            permissionsAdded: string[];
                            rolesAdded: string[];
                            sessionsEnded: number;
                            source: {
                                createdAt: string;
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                idProviderName: string;
                                isDeactivated: boolean;
                                isInternal: boolean;
                                issuers: {
                                    issuerId: string;
                                    issuerName: string;
                                    role: string;
                                }[];
                                lastActivityAt: string | null;
                                roles: string[];
                                username: string;
                            };
                            target: {
                                createdAt: string;
                                displayName: string;
                                /** Format: uuid */
                                id: string;
                                idProviderName: string;
                                isDeactivated: boolean;
                                isInternal: boolean;
                                issuers: {
                                    issuerId: string;
                                    issuerName: string;
                                    role: string;
                                }[];
                                lastActivityAt: string | null;
                                roles: string[];
                                username: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/magic-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issued links (sign-in, invitation, job upload) with user, job, created, expires, used and state; never a token */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    purpose?: "magic-link" | "invite" | "job-upload";
                    q?: string;
                    state?: "Pending" | "Used" | "Expired" | "Revoked";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                createdAt: string;
                                email: string;
                                expiresAt: string;
                                /** Format: uuid */
                                id: string;
                                issuedBy: string | null;
                                issuerName: string | null;
                                /** Format: uuid */
                                jobId: string | null;
                                jobName: string | null;
                                lastUsedAt: string | null;
                                /** @enum {string} */
                                purpose: "magic-link" | "invite" | "job-upload";
                                revokedAt: string | null;
                                revokedBy: string | null;
                                /** @enum {string} */
                                state: "Pending" | "Used" | "Expired" | "Revoked";
                                useCount: number;
                                usedAt: string | null;
                                userDisplayName: string | null;
                                /** Format: uuid */
                                userId: string | null;
                                username: string | null;
                            }[];
                            currentPage: number;
                            pageSize: number;
                            pendingCount: number;
                            totalCount: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/magic-links/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an open link */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            createdAt: string;
                            email: string;
                            expiresAt: string;
                            /** Format: uuid */
                            id: string;
                            issuedBy: string | null;
                            issuerName: string | null;
                            /** Format: uuid */
                            jobId: string | null;
                            jobName: string | null;
                            lastUsedAt: string | null;
                            /** @enum {string} */
                            purpose: "magic-link" | "invite" | "job-upload";
                            revokedAt: string | null;
                            revokedBy: string | null;
                            /** @enum {string} */
                            state: "Pending" | "Used" | "Expired" | "Revoked";
                            useCount: number;
                            usedAt: string | null;
                            userDisplayName: string | null;
                            /** Format: uuid */
                            userId: string | null;
                            username: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/magic-links/merge-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a client a Merge magic link to connect their accounting system to a job (option MergeMagicLink) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** Format: uuid */
                        jobId: string;
                        organizationName?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connection: {
                                createdAt: string;
                                endUserEmail: string;
                                fileIds: string[];
                                /** Format: uuid */
                                id: string;
                                integration: string | null;
                                lastImportAt: string | null;
                                lastMessage: string | null;
                                linkExpiresAt: string | null;
                                /** @enum {string} */
                                status: "Pending" | "Linked" | "Imported" | "Failed";
                                updatedAt: string;
                                /** @enum {string} */
                                via: "MergeLink" | "MergeMagicLink";
                            };
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/magic-links/upload-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a job-upload link for an external person; the answer carries the link once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        displayName?: string;
                        /** Format: email */
                        email: string;
                        /** @default 7 */
                        expiresInDays?: number;
                        /** Format: uuid */
                        jobId: string;
                        /** @default false */
                        sendEmail?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            link: {
                                createdAt: string;
                                email: string;
                                expiresAt: string;
                                /** Format: uuid */
                                id: string;
                                issuedBy: string | null;
                                issuerName: string | null;
                                /** Format: uuid */
                                jobId: string | null;
                                jobName: string | null;
                                lastUsedAt: string | null;
                                /** @enum {string} */
                                purpose: "magic-link" | "invite" | "job-upload";
                                revokedAt: string | null;
                                revokedBy: string | null;
                                /** @enum {string} */
                                state: "Pending" | "Used" | "Expired" | "Revoked";
                                useCount: number;
                                usedAt: string | null;
                                userDisplayName: string | null;
                                /** Format: uuid */
                                userId: string | null;
                                username: string | null;
                            };
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/merge/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge’s signed webhook: a linked account’s account token arrives and its data is imported */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ml-prediction/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per job: the latest evaluated run (AUC, accuracy, High precision/recall, drift, alerts) and AUC over time */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            alertCount: number;
                            aucThreshold: number;
                            evaluatedRuns: number;
                            jobs: {
                                alert: boolean;
                                aucHistory: {
                                    auc: number | null;
                                    evaluatedAt: string;
                                    runNumber: number;
                                }[];
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                latest: {
                                    alerts: string[];
                                    completedAt: string | null;
                                    drift: {
                                        againstRunNumber: number;
                                        maxPsi: number;
                                        maxPsiInput: string;
                                        psi: {
                                            [key: string]: number;
                                        };
                                    } | null;
                                    evaluatedAt: string;
                                    metrics: {
                                        accuracy: number | null;
                                        auc: number | null;
                                        baselineAccuracy: number | null;
                                        precisionHigh: number | null;
                                        recallHigh: number | null;
                                    };
                                    positiveRate: number | null;
                                    reason: string | null;
                                    /** Format: uuid */
                                    runId: string;
                                    runNumber: number;
                                    suppliers: number;
                                    testRows: number;
                                    trained: boolean;
                                    trainRows: number;
                                };
                                runs: number;
                            }[];
                            meanAuc: number | null;
                            psiThreshold: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ml-prediction/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every evaluated run of a job (newest first) with calibration by decile, input distributions and drift */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            aucThreshold: number;
                            issuerName: string;
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            psiThreshold: number;
                            runs: {
                                alerts: string[];
                                calibration: {
                                    ciHigh?: number;
                                    ciLow?: number;
                                    decile: number;
                                    n: number;
                                    observed: number;
                                    predicted: number;
                                }[];
                                completedAt: string | null;
                                distributions: {
                                    [key: string]: {
                                        [key: string]: number;
                                    };
                                };
                                drift: {
                                    againstRunNumber: number;
                                    maxPsi: number;
                                    maxPsiInput: string;
                                    psi: {
                                        [key: string]: number;
                                    };
                                } | null;
                                evaluatedAt: string;
                                metrics: {
                                    accuracy: number | null;
                                    auc: number | null;
                                    baselineAccuracy: number | null;
                                    precisionHigh: number | null;
                                    recallHigh: number | null;
                                };
                                positiveRate: number | null;
                                reason: string | null;
                                /** Format: uuid */
                                runId: string;
                                runNumber: number;
                                suppliers: number;
                                testRows: number;
                                trained: boolean;
                                trainRows: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The loaded reference networks (name, version, merchants, loaded at), the reference network first; jobs match every supplier against each (docs/NETWORKS.md) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            networks: {
                                loadedAt: string;
                                merchants: number;
                                name: string;
                                primary: boolean;
                                version: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/{id}/check-queued-commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether a job (or any target entity) has queued commands */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": boolean;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/background-service": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the background service (every ProQ worker of this environment) is paused, by whom and since when */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            changedAt: string | null;
                            changedBy: string | null;
                            isRunning: boolean;
                            paused: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Pause (running=false) or resume (running=true) the background service; running commands finish */
        post: {
            parameters: {
                query: {
                    running: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            changedAt: string | null;
                            changedBy: string | null;
                            isRunning: boolean;
                            paused: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/commands/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One command with payload and error */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            age: number;
                            attempts: number;
                            batchId: string | null;
                            category: string | null;
                            commandType: string;
                            completedDate: string | null;
                            correlationId: string | null;
                            environment: string;
                            failedRootId: number | null;
                            id: number;
                            jobId: string | null;
                            jobName: string | null;
                            lockedBy: string | null;
                            maxAttempts: number;
                            message: string | null;
                            payload: unknown;
                            prerequisite: number | null;
                            prerequisiteBatchId: string | null;
                            priority: number;
                            processingGroup: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            queuedDate: string;
                            runAt: string;
                            scheduledTime: string | null;
                            startedDate: string | null;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                            stuckTimeOutInSeconds: number;
                            tags: string[];
                            targetEntityId: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/commands/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a Blocked, Pending or InProgress command (its dependents are canceled too) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            age: number;
                            attempts: number;
                            batchId: string | null;
                            category: string | null;
                            commandType: string;
                            completedDate: string | null;
                            correlationId: string | null;
                            environment: string;
                            failedRootId: number | null;
                            id: number;
                            jobId: string | null;
                            jobName: string | null;
                            lockedBy: string | null;
                            maxAttempts: number;
                            message: string | null;
                            payload: unknown;
                            prerequisite: number | null;
                            prerequisiteBatchId: string | null;
                            priority: number;
                            processingGroup: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            queuedDate: string;
                            runAt: string;
                            scheduledTime: string | null;
                            startedDate: string | null;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                            stuckTimeOutInSeconds: number;
                            tags: string[];
                            targetEntityId: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/commands/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry an Error or Canceled command (attempts reset; dependents it failed reopen) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            age: number;
                            attempts: number;
                            batchId: string | null;
                            category: string | null;
                            commandType: string;
                            completedDate: string | null;
                            correlationId: string | null;
                            environment: string;
                            failedRootId: number | null;
                            id: number;
                            jobId: string | null;
                            jobName: string | null;
                            lockedBy: string | null;
                            maxAttempts: number;
                            message: string | null;
                            payload: unknown;
                            prerequisite: number | null;
                            prerequisiteBatchId: string | null;
                            priority: number;
                            processingGroup: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            queuedDate: string;
                            runAt: string;
                            scheduledTime: string | null;
                            startedDate: string | null;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                            stuckTimeOutInSeconds: number;
                            tags: string[];
                            targetEntityId: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/completed-commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged Completed commands (filter/sort by commandType, state, jobId, jobName, tags, queuedDate, …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                age: number;
                                attempts: number;
                                batchId: string | null;
                                category: string | null;
                                commandType: string;
                                completedDate: string | null;
                                correlationId: string | null;
                                environment: string;
                                failedRootId: number | null;
                                id: number;
                                jobId: string | null;
                                jobName: string | null;
                                lockedBy: string | null;
                                maxAttempts: number;
                                message: string | null;
                                payload: unknown;
                                prerequisite: number | null;
                                prerequisiteBatchId: string | null;
                                priority: number;
                                processingGroup: string | null;
                                progressMessage: string | null;
                                progressPercent: number | null;
                                queuedDate: string;
                                runAt: string;
                                scheduledTime: string | null;
                                startedDate: string | null;
                                /** @enum {string} */
                                state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                                stuckTimeOutInSeconds: number;
                                tags: string[];
                                targetEntityId: string | null;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/error-commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged Error and Canceled commands (filter/sort by commandType, state, jobId, jobName, tags, queuedDate, …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                age: number;
                                attempts: number;
                                batchId: string | null;
                                category: string | null;
                                commandType: string;
                                completedDate: string | null;
                                correlationId: string | null;
                                environment: string;
                                failedRootId: number | null;
                                id: number;
                                jobId: string | null;
                                jobName: string | null;
                                lockedBy: string | null;
                                maxAttempts: number;
                                message: string | null;
                                payload: unknown;
                                prerequisite: number | null;
                                prerequisiteBatchId: string | null;
                                priority: number;
                                processingGroup: string | null;
                                progressMessage: string | null;
                                progressPercent: number | null;
                                queuedDate: string;
                                runAt: string;
                                scheduledTime: string | null;
                                startedDate: string | null;
                                /** @enum {string} */
                                state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                                stuckTimeOutInSeconds: number;
                                tags: string[];
                                targetEntityId: string | null;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/get-proq-backoff-strategy-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Idle polling backoff: current, min and max delay (ms), coefficient, seconds idle */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            coefficient: number;
                            currentDelay: number;
                            maxDelay: number;
                            minDelay: number;
                            totalSecondsDiff: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/get-proq-command-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registered command types */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/get-proqmonitoring-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Queue counts (queued = Blocked+Pending+InProgress, completed, error = Error+Canceled) and whether a worker runs */
        get: {
            parameters: {
                query?: {
                    commandType?: string;
                    jobId?: string;
                    since?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            isRunning: boolean;
                            queueCounts: {
                                queuedCommandsCount: number;
                                queuedCompletedCommandsCount: number;
                                queuedErrorCommandsCount: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/jobs/{jobId}/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every command of a job with prerequisites and timings (workflow view) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            age: number;
                            attempts: number;
                            batchId: string | null;
                            category: string | null;
                            commandType: string;
                            completedDate: string | null;
                            correlationId: string | null;
                            environment: string;
                            failedRootId: number | null;
                            id: number;
                            jobId: string | null;
                            jobName: string | null;
                            lockedBy: string | null;
                            maxAttempts: number;
                            message: string | null;
                            payload: unknown;
                            prerequisite: number | null;
                            prerequisiteBatchId: string | null;
                            priority: number;
                            processingGroup: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            queuedDate: string;
                            runAt: string;
                            scheduledTime: string | null;
                            startedDate: string | null;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                            stuckTimeOutInSeconds: number;
                            tags: string[];
                            targetEntityId: string | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/proq-commands-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quick view of every queued command (running first; at most 500) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            age: number;
                            commandType: string;
                            id: number;
                            jobId: string | null;
                            jobName: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                            tags: string[];
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/proq-status-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Queued command count and whether a worker runs (navbar badge) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            isRunning: boolean;
                            queuedCommandCount: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/queued-commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged Blocked, Pending and InProgress commands (filter/sort by commandType, state, jobId, jobName, tags, queuedDate, …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                age: number;
                                attempts: number;
                                batchId: string | null;
                                category: string | null;
                                commandType: string;
                                completedDate: string | null;
                                correlationId: string | null;
                                environment: string;
                                failedRootId: number | null;
                                id: number;
                                jobId: string | null;
                                jobName: string | null;
                                lockedBy: string | null;
                                maxAttempts: number;
                                message: string | null;
                                payload: unknown;
                                prerequisite: number | null;
                                prerequisiteBatchId: string | null;
                                priority: number;
                                processingGroup: string | null;
                                progressMessage: string | null;
                                progressPercent: number | null;
                                queuedDate: string;
                                runAt: string;
                                scheduledTime: string | null;
                                startedDate: string | null;
                                /** @enum {string} */
                                state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                                stuckTimeOutInSeconds: number;
                                tags: string[];
                                targetEntityId: string | null;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/queued-commands-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Queued commands counted by command type (or ?groupBy=state|category) */
        get: {
            parameters: {
                query?: {
                    groupBy?: "commandType" | "state" | "category";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            name: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/queued-commands-quick-view/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quick view of a job's queued commands */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            age: number;
                            commandType: string;
                            id: number;
                            jobId: string | null;
                            jobName: string | null;
                            progressMessage: string | null;
                            progressPercent: number | null;
                            /** @enum {string} */
                            state: "Blocked" | "Pending" | "InProgress" | "Completed" | "Error" | "Canceled";
                            tags: string[];
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/proq/workers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Workers that heartbeated recently, alive or not */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeCount: number;
                            alive: boolean;
                            commandTypes: string[];
                            concurrency: number;
                            currentDelayMs: number;
                            environment: string;
                            failedCount: number;
                            hostname: string;
                            id: string;
                            idleSince: string | null;
                            lastSeenAt: string;
                            pid: number;
                            processedCount: number;
                            startedAt: string;
                            stopping: boolean;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resource-guard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live resources, limits, their levels and what heavy work is refused now */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limits: {
                                cpuPercent: number | null;
                                dbSizeMb: number | null;
                                diskPercent: number | null;
                                duckdbMemoryMb: number | null;
                                memoryPercent: number | null;
                                queueDepth: number | null;
                            };
                            limitsUpdatedAt: string | null;
                            limitsUpdatedBy: string | null;
                            refusing: {
                                /** @enum {string} */
                                kind: "run" | "upload" | "export";
                                reason: string;
                            }[];
                            sample: {
                                at: string;
                                cpuPercent: number;
                                dbSizeBytes: number;
                                diskPercent: number;
                                diskTotalBytes: number;
                                diskUsedBytes: number;
                                duckdbMemoryBytes: number;
                                memoryPercent: number;
                                memoryTotalBytes: number;
                                memoryUsedBytes: number;
                                queueDepth: number;
                                rssBytes: number;
                            };
                            sampleIntervalSeconds: number;
                            statuses: {
                                /** @enum {string} */
                                level: "ok" | "near" | "exceeded";
                                limit: number | null;
                                /** @enum {string} */
                                metric: "cpu" | "memory" | "disk" | "dbSize" | "duckdbMemory" | "queueDepth";
                                ratio: number;
                                value: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resource-guard/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Background samples of the last minutes */
        get: {
            parameters: {
                query?: {
                    minutes?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            samples: {
                                at: string;
                                cpuPercent: number;
                                dbSizeBytes: number;
                                diskPercent: number;
                                diskTotalBytes: number;
                                diskUsedBytes: number;
                                duckdbMemoryBytes: number;
                                memoryPercent: number;
                                memoryTotalBytes: number;
                                memoryUsedBytes: number;
                                queueDepth: number;
                                rssBytes: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resource-guard/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the limits (null = no limit); audited */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cpuPercent: number | null;
                        dbSizeMb: number | null;
                        diskPercent: number | null;
                        duckdbMemoryMb: number | null;
                        memoryPercent: number | null;
                        queueDepth: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limits: {
                                cpuPercent: number | null;
                                dbSizeMb: number | null;
                                diskPercent: number | null;
                                duckdbMemoryMb: number | null;
                                memoryPercent: number | null;
                                queueDepth: number | null;
                            };
                            limitsUpdatedAt: string | null;
                            limitsUpdatedBy: string | null;
                            refusing: {
                                /** @enum {string} */
                                kind: "run" | "upload" | "export";
                                reason: string;
                            }[];
                            sample: {
                                at: string;
                                cpuPercent: number;
                                dbSizeBytes: number;
                                diskPercent: number;
                                diskTotalBytes: number;
                                diskUsedBytes: number;
                                duckdbMemoryBytes: number;
                                memoryPercent: number;
                                memoryTotalBytes: number;
                                memoryUsedBytes: number;
                                queueDepth: number;
                                rssBytes: number;
                            };
                            sampleIntervalSeconds: number;
                            statuses: {
                                /** @enum {string} */
                                level: "ok" | "near" | "exceeded";
                                limit: number | null;
                                /** @enum {string} */
                                metric: "cpu" | "memory" | "disk" | "dbSize" | "duckdbMemory" | "queueDepth";
                                ratio: number;
                                value: number;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resource-guard/samples": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a sample now (added to the history) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            at: string;
                            cpuPercent: number;
                            dbSizeBytes: number;
                            diskPercent: number;
                            diskTotalBytes: number;
                            diskUsedBytes: number;
                            duckdbMemoryBytes: number;
                            memoryPercent: number;
                            memoryTotalBytes: number;
                            memoryUsedBytes: number;
                            queueDepth: number;
                            rssBytes: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resources of the hub the caller sees (ready ones), with search and filters
         * @description With jobId (a job the caller may see): only the resources visible to that job’s issuer — the job’s story videos with category=StoryVideo.
         */
        get: {
            parameters: {
                query?: {
                    category?: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                    jobId?: string;
                    language?: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                    mediaKind?: "video" | "document";
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categoryCounts: {
                                [key: string]: number;
                            };
                            collection: {
                                /** @enum {string} */
                                category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                                contentUrl: string | null;
                                createdAt: string;
                                createdByUsername: string | null;
                                description: string;
                                file: {
                                    contentType: string;
                                    fileName: string;
                                    sizeBytes: number;
                                    uploadedAt: string;
                                } | null;
                                /** Format: uuid */
                                id: string;
                                issuerIds: string[];
                                issuerNames: string[];
                                language: string;
                                /** @enum {string} */
                                mediaKind: "video" | "document";
                                posterUrl: string | null;
                                ready: boolean;
                                /** @enum {string} */
                                source: "upload" | "link";
                                title: string;
                                updatedAt: string;
                                url: string | null;
                                /** @enum {string} */
                                visibility: "All" | "Issuers";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a resource: an upload (send its file next) or an external link */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                        /** @default  */
                        description?: string;
                        /** @default [] */
                        issuerIds?: string[];
                        /** @enum {string} */
                        language: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                        /** @enum {string} */
                        mediaKind?: "video" | "document";
                        /** @enum {string} */
                        source: "upload" | "link";
                        title: string;
                        url?: string;
                        /** @enum {string} */
                        visibility: "All" | "Issuers";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One resource */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                            contentUrl: string | null;
                            createdAt: string;
                            createdByUsername: string | null;
                            description: string;
                            file: {
                                contentType: string;
                                fileName: string;
                                sizeBytes: number;
                                uploadedAt: string;
                            } | null;
                            /** Format: uuid */
                            id: string;
                            issuerIds: string[];
                            issuerNames: string[];
                            language: string;
                            /** @enum {string} */
                            mediaKind: "video" | "document";
                            posterUrl: string | null;
                            ready: boolean;
                            /** @enum {string} */
                            source: "upload" | "link";
                            title: string;
                            updatedAt: string;
                            url: string | null;
                            /** @enum {string} */
                            visibility: "All" | "Issuers";
                        };
                    };
                };
            };
        };
        /** Change a resource’s title, description, category, language, visibility (and link) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                        /** @default  */
                        description?: string;
                        /** @default [] */
                        issuerIds?: string[];
                        /** @enum {string} */
                        language: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                        /** @enum {string} */
                        mediaKind?: "video" | "document";
                        title: string;
                        url?: string;
                        /** @enum {string} */
                        visibility: "All" | "Issuers";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a resource and its files */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resources/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The uploaded file, with range requests (206 Partial Content, Accept-Ranges, Content-Range; 416) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resources/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload or replace the file (multipart field "file"): MP4, WebM or PDF, recognised by content
         * @description Larger than RESOURCE_MAX_MB → 413; another type → 400. Nothing is kept from a refused upload.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                            contentUrl: string | null;
                            createdAt: string;
                            createdByUsername: string | null;
                            description: string;
                            file: {
                                contentType: string;
                                fileName: string;
                                sizeBytes: number;
                                uploadedAt: string;
                            } | null;
                            /** Format: uuid */
                            id: string;
                            issuerIds: string[];
                            issuerNames: string[];
                            language: string;
                            /** @enum {string} */
                            mediaKind: "video" | "document";
                            posterUrl: string | null;
                            ready: boolean;
                            /** @enum {string} */
                            source: "upload" | "link";
                            title: string;
                            updatedAt: string;
                            url: string | null;
                            /** @enum {string} */
                            visibility: "All" | "Issuers";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resources/{id}/poster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The poster image of a resource */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /** Upload or replace the poster image (multipart field "file"): PNG, JPEG or WebP up to 5 MB */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                            contentUrl: string | null;
                            createdAt: string;
                            createdByUsername: string | null;
                            description: string;
                            file: {
                                contentType: string;
                                fileName: string;
                                sizeBytes: number;
                                uploadedAt: string;
                            } | null;
                            /** Format: uuid */
                            id: string;
                            issuerIds: string[];
                            issuerNames: string[];
                            language: string;
                            /** @enum {string} */
                            mediaKind: "video" | "document";
                            posterUrl: string | null;
                            ready: boolean;
                            /** @enum {string} */
                            source: "upload" | "link";
                            title: string;
                            updatedAt: string;
                            url: string | null;
                            /** @enum {string} */
                            visibility: "All" | "Issuers";
                        };
                    };
                };
            };
        };
        /** Remove the poster image */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                            contentUrl: string | null;
                            createdAt: string;
                            createdByUsername: string | null;
                            description: string;
                            file: {
                                contentType: string;
                                fileName: string;
                                sizeBytes: number;
                                uploadedAt: string;
                            } | null;
                            /** Format: uuid */
                            id: string;
                            issuerIds: string[];
                            issuerNames: string[];
                            language: string;
                            /** @enum {string} */
                            mediaKind: "video" | "document";
                            posterUrl: string | null;
                            ready: boolean;
                            /** @enum {string} */
                            source: "upload" | "link";
                            title: string;
                            updatedAt: string;
                            url: string | null;
                            /** @enum {string} */
                            visibility: "All" | "Issuers";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/resources/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every resource the caller may administer, including uploads still waiting for their file */
        get: {
            parameters: {
                query?: {
                    category?: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                    jobId?: string;
                    language?: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                    mediaKind?: "video" | "document";
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categoryCounts: {
                                [key: string]: number;
                            };
                            collection: {
                                /** @enum {string} */
                                category: "GettingStarted" | "Analysis" | "CardPrograms" | "Campaigns" | "StoryVideo" | "Training" | "Other";
                                contentUrl: string | null;
                                createdAt: string;
                                createdByUsername: string | null;
                                description: string;
                                file: {
                                    contentType: string;
                                    fileName: string;
                                    sizeBytes: number;
                                    uploadedAt: string;
                                } | null;
                                /** Format: uuid */
                                id: string;
                                issuerIds: string[];
                                issuerNames: string[];
                                language: string;
                                /** @enum {string} */
                                mediaKind: "video" | "document";
                                posterUrl: string | null;
                                ready: boolean;
                                /** @enum {string} */
                                source: "upload" | "link";
                                title: string;
                                updatedAt: string;
                                url: string | null;
                                /** @enum {string} */
                                visibility: "All" | "Issuers";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/confidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Versions of the confidence ruleset (author, created, active, jobs that used each) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeVersion: number | null;
                            canUpdate: boolean;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            versions: {
                                activatedAt: string | null;
                                basedOn: number | null;
                                createdAt: string;
                                createdBy: string | null;
                                description: string | null;
                                isActive: boolean;
                                jobsCount: number;
                                name: string;
                                version: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create the next version of the confidence ruleset (validated by the engine's schema; errors by path) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        basedOn?: number;
                        definition: {
                            [key: string]: unknown;
                        } | string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            basedOn: number | null;
                            canUpdate: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            fields: {
                                description: string;
                                name: string;
                                /** @enum {string} */
                                type: "number" | "string" | "boolean";
                            }[];
                            isActive: boolean;
                            jobs: {
                                createdAt: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                runNumber: number;
                            }[];
                            jobsCount: number;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            name: string;
                            scoreKinds: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/confidence/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A version of the confidence ruleset with its definition, the runs that used it and the fields rules may test */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            basedOn: number | null;
                            canUpdate: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            fields: {
                                description: string;
                                name: string;
                                /** @enum {string} */
                                type: "number" | "string" | "boolean";
                            }[];
                            isActive: boolean;
                            jobs: {
                                createdAt: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                runNumber: number;
                            }[];
                            jobsCount: number;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            name: string;
                            scoreKinds: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            version: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/confidence/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a version the active confidence ruleset (new runs use it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            basedOn: number | null;
                            canUpdate: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            fields: {
                                description: string;
                                name: string;
                                /** @enum {string} */
                                type: "number" | "string" | "boolean";
                            }[];
                            isActive: boolean;
                            jobs: {
                                createdAt: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                runNumber: number;
                            }[];
                            jobsCount: number;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            name: string;
                            scoreKinds: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/confidence/{version}/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate a version on a job's latest results: suppliers whose confidence changes per score kind, with examples */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        jobId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            changedSuppliers: number;
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            runNumber: number;
                            runVersion: string | null;
                            scoreKinds: {
                                changed: number;
                                down: number;
                                examples: {
                                    from: string | null;
                                    ruleId: string | null;
                                    spend: number | null;
                                    supplierKey: string;
                                    supplierName: string | null;
                                    to: string | null;
                                }[];
                                /** @enum {string} */
                                scoreKind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                up: number;
                            }[];
                            suppliers: number;
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/scoring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Versions of the scoring ruleset (author, created, active, jobs that used each) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activeVersion: number | null;
                            canUpdate: boolean;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            versions: {
                                activatedAt: string | null;
                                basedOn: number | null;
                                createdAt: string;
                                createdBy: string | null;
                                description: string | null;
                                isActive: boolean;
                                jobsCount: number;
                                name: string;
                                version: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create the next version of the scoring ruleset (validated by the engine's schema; errors by path) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        basedOn?: number;
                        definition: {
                            [key: string]: unknown;
                        } | string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            basedOn: number | null;
                            canUpdate: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            fields: {
                                description: string;
                                name: string;
                                /** @enum {string} */
                                type: "number" | "string" | "boolean";
                            }[];
                            isActive: boolean;
                            jobs: {
                                createdAt: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                runNumber: number;
                            }[];
                            jobsCount: number;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            name: string;
                            scoreKinds: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/scoring/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A version of the scoring ruleset with its definition, the runs that used it and the fields rules may test */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            basedOn: number | null;
                            canUpdate: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            fields: {
                                description: string;
                                name: string;
                                /** @enum {string} */
                                type: "number" | "string" | "boolean";
                            }[];
                            isActive: boolean;
                            jobs: {
                                createdAt: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                runNumber: number;
                            }[];
                            jobsCount: number;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            name: string;
                            scoreKinds: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            version: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/scoring/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a version the active scoring ruleset (new runs use it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            activatedAt: string | null;
                            basedOn: number | null;
                            canUpdate: boolean;
                            createdAt: string;
                            createdBy: string | null;
                            definition: {
                                [key: string]: unknown;
                            };
                            description: string | null;
                            fields: {
                                description: string;
                                name: string;
                                /** @enum {string} */
                                type: "number" | "string" | "boolean";
                            }[];
                            isActive: boolean;
                            jobs: {
                                createdAt: string;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                runNumber: number;
                            }[];
                            jobsCount: number;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            name: string;
                            scoreKinds: ("Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost")[];
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rulesets/scoring/{version}/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate a version on a job's latest results: suppliers whose level changes per score kind, with examples */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        jobId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            changedSuppliers: number;
                            /** Format: uuid */
                            jobId: string;
                            jobName: string;
                            /** @enum {string} */
                            kind: "scoring" | "confidence";
                            runNumber: number;
                            runVersion: string | null;
                            scoreKinds: {
                                changed: number;
                                down: number;
                                examples: {
                                    from: string | null;
                                    ruleId: string | null;
                                    spend: number | null;
                                    supplierKey: string;
                                    supplierName: string | null;
                                    to: string | null;
                                }[];
                                /** @enum {string} */
                                scoreKind: "Optima" | "Stp" | "Vcard" | "Pcard" | "TandEcard" | "Scf" | "InstantPay" | "Boost";
                                up: number;
                            }[];
                            suppliers: number;
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit-logs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One audit entry with its details */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            action: string;
                            at: string;
                            details: {
                                [key: string]: unknown;
                            } | null;
                            id: number;
                            ip: string | null;
                            issuerId: string | null;
                            issuerName: string | null;
                            outcome: string;
                            targetId: string | null;
                            targetType: string | null;
                            userId: string | null;
                            username: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit-logs/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Actions, target types and outcomes present in the log, and the retention in days */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            actions: string[];
                            oldestAt: string | null;
                            outcomes: string[];
                            retentionDays: number;
                            targetTypes: string[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit-logs/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged audit entries, newest first. Filter by userId/username, issuerId/issuerName, action, targetType, targetId, outcome; a date range is two filter items on `at` (GreaterThanOrEqual, LessThanOrEqual). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                action: string;
                                at: string;
                                details: {
                                    [key: string]: unknown;
                                } | null;
                                id: number;
                                ip: string | null;
                                issuerId: string | null;
                                issuerName: string | null;
                                outcome: string;
                                targetId: string | null;
                                targetType: string | null;
                                userId: string | null;
                                username: string | null;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit/command-execute-validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether the command of a health check ran */
        post: {
            parameters: {
                query: {
                    correlationId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errorMessage: string | null;
                            isCompleted: boolean;
                            isSuccess: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit/get-integration-configurations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Configured repository, storage container and whether the API is live */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configuredRepository: string;
                            containerName: string;
                            isApiLive: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit/system-health-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a command through the queue; poll command-execute-validate with the correlation id */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            correlationId: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-audit/verify-integrations-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Checks each integration now */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            integration: string;
                            message: string | null;
                            success: boolean;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-data/app-timestamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Timestamp of the published app version */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            timestamp: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Publish a new app timestamp (clients refresh when it changes) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: date-time */
                        timestamp?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            timestamp: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system-mode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current system mode */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            mode: "ReadOnly" | "Live" | "Maintenance";
                        };
                    };
                };
            };
        };
        put?: never;
        /** Set the system mode */
        post: {
            parameters: {
                query: {
                    mode: "ReadOnly" | "Live" | "Maintenance";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/address-parser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Parse free-text addresses into house number, street, unit, city, region, postcode, country
         * @description One result per input, in order; empty fields are null. Rule-based (US, GB, DE, FR, NL, ES, IT, CA, AU formats) unless a language model is configured.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        addresses: string[];
                        country?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            engine: "rules" | "model";
                            results: {
                                city: string | null;
                                confidence: number;
                                country: string | null;
                                houseNumber: string | null;
                                input: string;
                                postcode: string | null;
                                region: string | null;
                                street: string | null;
                                unit: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/address-validator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate addresses: country list, postcode format, city ↔ postcode agreement */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        addresses: {
                            address?: string;
                            city?: string;
                            country?: string;
                            postcode?: string;
                            region?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: {
                                countryIso2: string | null;
                                countryName: string | null;
                                issues: {
                                    /** @enum {string} */
                                    field: "country" | "postcode" | "city" | "region" | "address";
                                    message: string;
                                    /** @enum {string} */
                                    severity: "warning" | "error";
                                }[];
                                postcodeNormalised: string | null;
                                referenceChecked: boolean;
                                /** @enum {string} */
                                status: "valid" | "warning" | "invalid";
                            }[];
                            summary: {
                                invalid: number;
                                valid: number;
                                warning: number;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/address-validator/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate a CSV of addresses (multipart field "file"); answers the CSV with validation columns appended */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the company register and the reference network by name or number */
        get: {
            parameters: {
                query: {
                    limit?: number;
                    q: string;
                    source?: "all" | "network" | "register";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: {
                                address: string | null;
                                country: string | null;
                                incorporationDate: string | null;
                                mcc: string | null;
                                name: string;
                                number: string;
                                officers: {
                                    appointedOn: string | null;
                                    name: string;
                                    role: string | null;
                                }[] | null;
                                sic: string[];
                                /** @enum {string} */
                                source: "network" | "register";
                                status: string | null;
                                taxId: string | null;
                            }[];
                            sources: {
                                note: string | null;
                                searched: boolean;
                                /** @enum {string} */
                                source: "network" | "register";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/companies/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Imported company register: size and latest imports */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entries: number;
                            imports: {
                                fileName: string;
                                id: string;
                                importedAt: string;
                                importedBy: string | null;
                                rows: number;
                            }[];
                            withOfficers: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Import a company register CSV (multipart field "file"; columns number, name, status, address, incorporationDate, sic, officers) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            imported: number;
                            message: string;
                            statusCode: number;
                            success: boolean;
                            updated: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reference country list with postcode format examples */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            iso2: string;
                            iso3: string;
                            name: string;
                            postcodeFormat: string | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/email/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages sent with the send-email tool that the caller may see (their issuers’), newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                error: string | null;
                                id: string;
                                language: string;
                                recipientName: string | null;
                                sentAt: string;
                                sentBy: string | null;
                                status: string;
                                subject: string;
                                toAddress: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/email/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render the branded message for the first recipient */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        addresses?: string[];
                        body: string;
                        /**
                         * Format: uuid
                         * @default null
                         */
                        brandingId?: string | null;
                        /**
                         * @default en
                         * @enum {string}
                         */
                        language?: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                        subject: string;
                        /** @default [] */
                        userIds?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string | null;
                            html: string;
                            subject: string;
                            text: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/email/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users the caller may write to (their tenant scope), by name, username or email */
        get: {
            parameters: {
                query?: {
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string | null;
                            email: string;
                            id: string;
                            issuers: string[];
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/email/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the branded message to each recipient (logged); the branding must be one the caller may see */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default [] */
                        addresses?: string[];
                        body: string;
                        /**
                         * Format: uuid
                         * @default null
                         */
                        brandingId?: string | null;
                        /**
                         * @default en
                         * @enum {string}
                         */
                        language?: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                        subject: string;
                        /** @default [] */
                        userIds?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            sent: {
                                status: string;
                                to: string;
                            }[];
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/translations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every UI string of a language: key, English source, bundled text and override (search, missing only) */
        get: {
            parameters: {
                query: {
                    language: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                    missingOnly?: "true" | "false";
                    namespace?: string;
                    page?: number;
                    pageSize?: number;
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                bundled: string | null;
                                key: string;
                                namespace: string;
                                override: string | null;
                                placeholders: string[];
                                source: string;
                                updatedAt: string | null;
                                updatedBy: string | null;
                            }[];
                            currentPage: number;
                            missingCount: number;
                            namespaces: string[];
                            overrideCount: number;
                            pageSize: number;
                            totalCount: number;
                        };
                    };
                };
            };
        };
        /** Set (or, with value null, remove) the override of one key in one language */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        key: string;
                        /** @enum {string} */
                        language: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                        namespace: string;
                        value: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bundled: string | null;
                            key: string;
                            namespace: string;
                            override: string | null;
                            placeholders: string[];
                            source: string;
                            updatedAt: string | null;
                            updatedBy: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/translations/{lng}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overrides of one language, every namespace (merged by the web app over its bundles; ETag) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    lng: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/translations/{lng}/{ns}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overrides of one namespace in one language (ETag) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    lng: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                    ns: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/translations/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** CSV of language, namespace, key, bundled text and override (one language, or all) */
        get: {
            parameters: {
                query?: {
                    language?: "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/translations/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import overrides from a CSV (multipart field "file"): every row validated, all or nothing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            removed: number;
                            rows: number;
                            set: number;
                            /** @enum {boolean} */
                            success: true;
                            unchanged: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload-links/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The job an upload link opens and the files uploaded with it (token in X-Upload-Token) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "x-upload-token"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            buyerName: string | null;
                            dataKinds: ("suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions")[];
                            email: string;
                            expiresAt: string;
                            files: {
                                dataKind: string;
                                id: string;
                                originalName: string;
                                problem: string | null;
                                rowCount: number | null;
                                status: string;
                                uploadedAt: string;
                                validRowCount: number | null;
                            }[];
                            issuerName: string;
                            jobName: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload-links/current/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one CSV or XLSX file (multipart field "file") into the link’s job */
        post: {
            parameters: {
                query: {
                    dataKind: "suppliers" | "spend" | "pos" | "invoices" | "payments" | "transactions";
                };
                header?: {
                    "x-upload-token"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dataKind: string;
                            id: string;
                            originalName: string;
                            problem: string | null;
                            rowCount: number | null;
                            status: string;
                            uploadedAt: string;
                            validRowCount: number | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload-links/current/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish uploading: the link closes */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "x-upload-token"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every user the caller administers (id, username, displayName, email) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            email: string | null;
                            /** Format: uuid */
                            id: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Create a local user (approved; invite them afterwards) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        displayName?: string;
                        email: string;
                        givenName?: string;
                        /** Format: uuid */
                        issuerId?: string;
                        /** @enum {string} */
                        issuerRole?: "Manager" | "Member";
                        surname?: string;
                        username: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user (administrator view) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreedLatestPrivacyPolicy: boolean;
                            agreedLatestTermsOfService: boolean;
                            approved: boolean;
                            authenticated: boolean;
                            avatarInitials: string;
                            branding: {
                                fullDomainName: string | null;
                                /** @enum {string} */
                                theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                            } | null;
                            /** Format: uuid */
                            brandingId: string | null;
                            canChangeInternal: boolean;
                            canSwitchRoles: boolean;
                            displayName: string;
                            effectiveBrandingDisplayName: string | null;
                            /** Format: uuid */
                            effectiveBrandingId: string | null;
                            eligible: boolean;
                            email: {
                                email: string | null;
                            };
                            extraPermissions: string[];
                            givenName: string | null;
                            hasMoreJobArtifactsToAssign: boolean;
                            /** Format: uuid */
                            id: string;
                            idpId: string;
                            idProviderName: string;
                            /** Format: uuid */
                            inheritedBrandingId: string | null;
                            isDeactivated: boolean;
                            isInternal: boolean;
                            issuers: {
                                emailDomains: string[];
                                isDomainUser: boolean;
                                issuerBrandingName: string | null;
                                /** Format: uuid */
                                issuerId: string;
                                issuerName: string;
                                /** @enum {string} */
                                userRole: "Manager" | "Member";
                            }[];
                            lastActivityAt: string | null;
                            pending: boolean;
                            privacyStatus: {
                                agreedVersionId: string | null;
                                latestVersionId: string;
                            };
                            roles: {
                                standard: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                                tabbedView: {
                                    description: string;
                                    displayName: string;
                                    /** @enum {string} */
                                    role: "issuer" | "client" | "issuerPlus" | "accountManager" | "ptcoJobManager" | "sysAdmin" | "tester" | "developer" | "campaignManager" | "live" | "readOnly" | "matchedDataOnlyJobCreator" | "selfServeJobCreator" | "GlobalInsightsAccessor" | "JobSummaryUploadAccessor" | "JobMatchedDataOnlyUploadAccessor" | "JobConsultantUploadAccessor" | "JobSummaryAccessor" | "JobInsightsAccessor" | "JobSuppliersAccessor" | "JobReportAccessor" | "JobPresentationAccessor" | "JobUseCasesAccessor" | "JobCampaignsAccessor" | "JobUseCasesReportAccessor" | "JobBusinessCaseCalculatorAccessor" | "JobBusinessCaseDownloadAccessor" | "JobDataDownloadAccessor" | "JobMatchedDataOnlyDownloadAccessor" | "JobUsersAccessor" | "JobDetailsAccessor" | "JobLogsAccessor" | "LegacyJobViewAccessor" | "VendorsLookupAccessor" | "JobTypeTabSwitcherAccessor";
                                }[];
                            };
                            surname: string | null;
                            termsStatus: {
                                agreedVersionId: string | null;
                                latestVersionId: string;
                            };
                            username: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a user: personal data erased, audit records kept under a pseudonym; not yourself, not outside your scope, not someone with more rights */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/deletion-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What deleting the user erases (the confirmation dialog names it) and the pseudonym their records keep */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            auditRecords: number;
                            chatConversations: number;
                            displayName: string;
                            email: string | null;
                            extraPermissions: number;
                            /** Format: uuid */
                            id: string;
                            issuerMemberships: number;
                            jobAssignments: number;
                            ownedJobs: number;
                            pseudonym: string;
                            roles: number;
                            sessions: number;
                            signInLinks: number;
                            username: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/extra-permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user’s extra permissions, the permissions their roles give, and what the caller may grant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fromRoles: string[];
                            grantable: string[];
                            permissions: string[];
                            /** Format: uuid */
                            userId: string;
                        };
                    };
                };
            };
        };
        /** Replace the user’s extra permissions (only permissions the caller holds can be added or removed) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        permissions: ("Dashboard_VIEW" | "AnalysisLanding_VIEW" | "AnalysisJobList_VIEW" | "GlobalInsightsView" | "CampaignManager_Feature_VIEW" | "CampaignManager_Upload" | "ResourceHubView" | "VendorsSearchView" | "SystemUpdates_VIEW" | "ViewJobTabs" | "JobCreate" | "User_CRUD" | "UserManagement_VIEW" | "SystemLogs_VIEW" | "IssuerArea_VIEW" | "IssuerArea_CRUD" | "BuyerManagement_VIEW" | "BuyerManagement_CRUD" | "AnalyticsQuery_VIEW" | "Analysis_Admin_Area_VIEW" | "Confidence_VIEW" | "Confidence_UPDATE" | "Scoring_VIEW" | "Scoring_UPDATE" | "AiPrompts_CRUD" | "Translations_CRUD" | "Translations_VIEW" | "MagicLinks_CRUD" | "DatapointProfiles_CRUD" | "VideoResources_CRUD" | "MergeLinkedAccounts_VIEW" | "MlPrediction_VIEW" | "ChatbotDocumentManagement_CRUD" | "DevOps_Area_VIEW" | "JobMaintenance_VIEW" | "JobMaintenance_UPDATE" | "Tools_Area_VIEW" | "Address_Validator_VIEW" | "DevArea_CRUD" | "InaccessibleArea_ALL" | "StandardLayoutNavbar_VIEW" | "QuickView_ProQ_VIEW" | "ActiveUsers_VIEW" | "JobDashboardActiveUsers_VIEW" | "Chatbot_VIEW" | "Chatbot_ErrorState_VIEW" | "SystemNotificationsDetailed_VIEW" | "SystemMaintenanceMode_IGNORE" | "UserNotification_VIEW" | "Concurrency_Take_Entity_Lock" | "Autocomplete_Options_Focus_VIEW" | "ListCellCopyIcon_VIEW" | "Toolbar_Theme_Switcher_VIEW" | "Insights_VIEW" | "UseCases_VIEW" | "MatchedDataOnlyWorkflow_VIEW" | "CapabilitySelection_VIEW" | "BuyerCreate" | "SuppliersScore_VIEW" | "Buyers_ViewAll" | "UserAssignment_EDIT" | "JobDetails_VIEW" | "JobLogs_VIEW" | "StoryVideo_VIEW" | "AnalysisPublish" | "JobOwner_UPDATE" | "JobName_UPDATE" | "E2ETestRun" | "HiddenJobsCount_VIEW" | "IntegrationConfiguration_CHECK" | "AppTimestamp_UPDATE" | "BackgroundService_TOGGLE" | "SystemMode_UPDATE" | "AppConfig_VIEW" | "MemoryTesting" | "Job_Create" | "Job_Update" | "Job_Delete" | "Issuer_View" | "Issuer_Create" | "Issuer_Update" | "Issuer_Delete" | "Artifacts_Publish" | "Artifacts_View" | "User_Update" | "User_Delete" | "Campaign_Create" | "Campaign_View" | "Campaign_Edit" | "Campaign_Delete" | "SelfServe" | "MatchedDataOnly" | "MagicLinks_Admin" | "Brandings_View" | "Brandings_CRUD")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fromRoles: string[];
                            grantable: string[];
                            permissions: string[];
                            /** Format: uuid */
                            userId: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/internal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Make the user internal staff (every issuer) or a tenant user (their issuers only); internal administrators only */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        isInternal: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/potential-user-issuers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issuers the user belongs to or could be added to */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailDomains: string[];
                            isAssigned: boolean;
                            isDomainUser: boolean;
                            issuerBrandingName: string | null;
                            /** Format: uuid */
                            issuerId: string;
                            issuerName: string;
                            matchesEmailDomain: boolean;
                            /** @enum {string|null} */
                            userRole: "Manager" | "Member" | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged active users (25 a page, username ascending; filters username, displayName, issuerId, effectiveBrandingId …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                approved: boolean;
                                displayName: string;
                                effectiveBrandingDisplayName: string | null;
                                /** Format: uuid */
                                effectiveBrandingId: string | null;
                                email: string | null;
                                givenName: string | null;
                                /** Format: uuid */
                                id: string;
                                isBrandingInherited: boolean;
                                isDeactivated: boolean;
                                issuerIds: string[];
                                issuerNames: string[];
                                lastActivityAt: string | null;
                                pending: boolean;
                                surname: string | null;
                                username: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve a pending or unapproved user
         * @description Form fields (multipart/form-data, urlencoded or JSON): id
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Deactivate a user and sign them out at once
         * @description Form fields (multipart/form-data, urlencoded or JSON): id
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/deactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged deactivated users (25 a page, username ascending; filters username, displayName, issuerId, effectiveBrandingId …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                approved: boolean;
                                displayName: string;
                                effectiveBrandingDisplayName: string | null;
                                /** Format: uuid */
                                effectiveBrandingId: string | null;
                                email: string | null;
                                givenName: string | null;
                                /** Format: uuid */
                                id: string;
                                isBrandingInherited: boolean;
                                isDeactivated: boolean;
                                issuerIds: string[];
                                issuerNames: string[];
                                lastActivityAt: string | null;
                                pending: boolean;
                                surname: string | null;
                                username: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/directly-assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged jobs directly assigned to the user (?userId=) */
        post: {
            parameters: {
                query: {
                    userId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                buyerName: string | null;
                                createdOn: string;
                                /** Format: uuid */
                                id: string;
                                isDirectAssignment: boolean;
                                isPublished: boolean;
                                name: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email the user a single-use sign-in link
         * @description Form fields (multipart/form-data, urlencoded or JSON): id
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged pending users (25 a page, username ascending; filters username, displayName, issuerId, effectiveBrandingId …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                approved: boolean;
                                displayName: string;
                                effectiveBrandingDisplayName: string | null;
                                /** Format: uuid */
                                effectiveBrandingId: string | null;
                                email: string | null;
                                givenName: string | null;
                                /** Format: uuid */
                                id: string;
                                isBrandingInherited: boolean;
                                isDeactivated: boolean;
                                issuerIds: string[];
                                issuerNames: string[];
                                lastActivityAt: string | null;
                                pending: boolean;
                                surname: string | null;
                                username: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/potential-issuer-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active users who are not yet members of the issuer */
        get: {
            parameters: {
                query: {
                    issuerId: string;
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            email: string | null;
                            /** Format: uuid */
                            id: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/potential-job-analysis-owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active users who may own a job analysis (optionally for an issuer, by search) */
        get: {
            parameters: {
                query?: {
                    issuerId?: string;
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            displayName: string;
                            email: string | null;
                            /** Format: uuid */
                            id: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Reactivate a deactivated user
         * @description Form fields (multipart/form-data, urlencoded or JSON): id
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/unapproved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paged unapproved users (25 a page, username ascending; filters username, displayName, issuerId, effectiveBrandingId …) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @default {
                         *       "filterItems": []
                         *     }
                         */
                        filters?: {
                            /** @default [] */
                            filterItems?: {
                                allowNullValue?: boolean;
                                /** @enum {string} */
                                itemComparisonOperator: "Equal" | "NotEqual" | "GreaterThan" | "GreaterThanOrEqual" | "LessThan" | "LessThanOrEqual" | "Contains" | "StartsWith" | "EndsWith";
                                itemValue?: (string | number | boolean) | null;
                                propertyName: string;
                            }[];
                        };
                        orderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                        /** @default 1 */
                        pageNumber?: number;
                        /** @default 25 */
                        pageSize?: number;
                        secondaryOrderBy?: {
                            /**
                             * @default asc
                             * @enum {string}
                             */
                            direction?: "asc" | "desc";
                            propertyName: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            collection: {
                                approved: boolean;
                                displayName: string;
                                effectiveBrandingDisplayName: string | null;
                                /** Format: uuid */
                                effectiveBrandingId: string | null;
                                email: string | null;
                                givenName: string | null;
                                /** Format: uuid */
                                id: string;
                                isBrandingInherited: boolean;
                                isDeactivated: boolean;
                                issuerIds: string[];
                                issuerNames: string[];
                                lastActivityAt: string | null;
                                pending: boolean;
                                surname: string | null;
                                username: string;
                            }[];
                            currentPage: number;
                            hasNextPage: boolean;
                            hasPreviousPage: boolean;
                            pageSize: number;
                            totalCount: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/user-agree-pp-latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** The current user agrees to the latest privacy policy */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/user-agree-tos-latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** The current user agrees to the latest terms of service */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/user-eligible-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the current user may use the application */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved: boolean;
                            eligible: boolean;
                            isDeactivated: boolean;
                            pending: boolean;
                            /** @enum {string|null} */
                            reason: "UserEligibility" | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/user-permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user’s permissions (roles plus extra permissions) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/user-set-branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the user’s own branding (brandingId omitted or empty → inherit the issuer’s)
         * @description Form fields (multipart/form-data, urlencoded or JSON): id, brandingId
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            statusCode: number;
                            success: boolean;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/vendors/{vendorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A vendor with its attributes and industry codes, and the jobs the caller may see where it is matched */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    vendorId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            inYourJobs: {
                                buyerName: string | null;
                                currency: string | null;
                                issuerName: string | null;
                                /** Format: uuid */
                                jobId: string;
                                jobName: string;
                                matchConfidence: string | null;
                                spend: number;
                                supplierKey: string;
                                supplierName: string | null;
                            }[];
                            vendor: {
                                acceptsCard: boolean;
                                addressLine1: string | null;
                                addressLine2: string | null;
                                city: string | null;
                                country: string | null;
                                detailLevel: number | null;
                                industry: {
                                    mccDescription: string | null;
                                    mccGroup: string | null;
                                    mccType: string | null;
                                    naicsNationalIndustry: string | null;
                                    sicIndustry: string | null;
                                    unspscCategory: string | null;
                                };
                                lockboxes: string[];
                                mcc: string | null;
                                name: string;
                                network: string;
                                postcode: string | null;
                                region: string | null;
                                stpCapable: boolean;
                                taxId: string | null;
                                vcAccepting: boolean;
                                vendorId: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/vendors/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the reference network by name (typo and word-order tolerant), with optional city, postcode, country and tax id; ranked with the job matcher’s scoring */
        get: {
            parameters: {
                query: {
                    city?: string;
                    country?: string;
                    format?: "json" | "csv";
                    limit?: number;
                    postcode?: string;
                    q: string;
                    taxId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            query: {
                                city: string | null;
                                country: string | null;
                                postcode: string | null;
                                q: string;
                                taxId: string | null;
                            };
                            results: {
                                acceptsCard: boolean;
                                addressLine1: string | null;
                                addressLine2: string | null;
                                agreeing: string[];
                                city: string | null;
                                /** @enum {string|null} */
                                confidence: "High" | "Medium" | "Low" | null;
                                country: string | null;
                                detailLevel: number | null;
                                differing: string[];
                                industry: {
                                    mccDescription: string | null;
                                    mccGroup: string | null;
                                    mccType: string | null;
                                    naicsNationalIndustry: string | null;
                                    sicIndustry: string | null;
                                    unspscCategory: string | null;
                                };
                                lockboxes: string[];
                                mcc: string | null;
                                name: string;
                                nameScore: number;
                                network: string;
                                postcode: string | null;
                                region: string | null;
                                rule: string | null;
                                score: number;
                                stpCapable: boolean;
                                taxId: string | null;
                                vcAccepting: boolean;
                                vendorId: string;
                            }[];
                            tookMs: number;
                        } | string;
                        "text/csv": {
                            query: {
                                city: string | null;
                                country: string | null;
                                postcode: string | null;
                                q: string;
                                taxId: string | null;
                            };
                            results: {
                                acceptsCard: boolean;
                                addressLine1: string | null;
                                addressLine2: string | null;
                                agreeing: string[];
                                city: string | null;
                                /** @enum {string|null} */
                                confidence: "High" | "Medium" | "Low" | null;
                                country: string | null;
                                detailLevel: number | null;
                                differing: string[];
                                industry: {
                                    mccDescription: string | null;
                                    mccGroup: string | null;
                                    mccType: string | null;
                                    naicsNationalIndustry: string | null;
                                    sicIndustry: string | null;
                                    unspscCategory: string | null;
                                };
                                lockboxes: string[];
                                mcc: string | null;
                                name: string;
                                nameScore: number;
                                network: string;
                                postcode: string | null;
                                region: string | null;
                                rule: string | null;
                                score: number;
                                stpCapable: boolean;
                                taxId: string | null;
                                vcAccepting: boolean;
                                vendorId: string;
                            }[];
                            tookMs: number;
                        } | string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/brandings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a branding (colours checked for WCAG AA; domains unique across brandings; audited) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        brandingDisplayName: string;
                        brandingKey: string;
                        colours: {
                            background: string;
                            primary: string;
                            primaryText: string;
                            text: string;
                        };
                        /** @default [] */
                        domains?: string[];
                        /** @default  */
                        emailFooter?: string;
                        /** Format: email */
                        emailSenderAddress: string;
                        emailSenderName: string;
                        /** @default {} */
                        loginTexts?: {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                [key: string]: {
                                    contentType: string;
                                    version: string;
                                };
                            };
                            brandingDisplayName: string;
                            /** Format: uuid */
                            brandingId: string;
                            brandingKey: string;
                            colours: {
                                background: string;
                                primary: string;
                                primaryText: string;
                                text: string;
                            };
                            domains: string[];
                            emailFooter: string;
                            emailSenderAddress: string;
                            emailSenderName: string;
                            fullDomainName: string | null;
                            issuersCount: number;
                            loginTexts: {
                                [key: string]: string;
                            };
                            logoVersion: string | null;
                            retiredAt: string | null;
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/brandings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One branding the caller may see */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                [key: string]: {
                                    contentType: string;
                                    version: string;
                                };
                            };
                            brandingDisplayName: string;
                            /** Format: uuid */
                            brandingId: string;
                            brandingKey: string;
                            colours: {
                                background: string;
                                primary: string;
                                primaryText: string;
                                text: string;
                            };
                            domains: string[];
                            emailFooter: string;
                            emailSenderAddress: string;
                            emailSenderName: string;
                            fullDomainName: string | null;
                            issuersCount: number;
                            loginTexts: {
                                [key: string]: string;
                            };
                            logoVersion: string | null;
                            retiredAt: string | null;
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        };
                    };
                };
            };
        };
        /** Edit a branding (every field; colours checked for WCAG AA; audited with the changed fields) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        brandingDisplayName: string;
                        brandingKey: string;
                        colours: {
                            background: string;
                            primary: string;
                            primaryText: string;
                            text: string;
                        };
                        /** @default [] */
                        domains?: string[];
                        /** @default  */
                        emailFooter?: string;
                        /** Format: email */
                        emailSenderAddress: string;
                        emailSenderName: string;
                        /** @default {} */
                        loginTexts?: {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                [key: string]: {
                                    contentType: string;
                                    version: string;
                                };
                            };
                            brandingDisplayName: string;
                            /** Format: uuid */
                            brandingId: string;
                            brandingKey: string;
                            colours: {
                                background: string;
                                primary: string;
                                primaryText: string;
                                text: string;
                            };
                            domains: string[];
                            emailFooter: string;
                            emailSenderAddress: string;
                            emailSenderName: string;
                            fullDomainName: string | null;
                            issuersCount: number;
                            loginTexts: {
                                [key: string]: string;
                            };
                            logoVersion: string | null;
                            retiredAt: string | null;
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        };
                    };
                };
            };
        };
        post?: never;
        /** Retire a branding: it answers on no domain and is no longer assignable (issuers keep it; audited) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                [key: string]: {
                                    contentType: string;
                                    version: string;
                                };
                            };
                            brandingDisplayName: string;
                            /** Format: uuid */
                            brandingId: string;
                            brandingKey: string;
                            colours: {
                                background: string;
                                primary: string;
                                primaryText: string;
                                text: string;
                            };
                            domains: string[];
                            emailFooter: string;
                            emailSenderAddress: string;
                            emailSenderName: string;
                            fullDomainName: string | null;
                            issuersCount: number;
                            loginTexts: {
                                [key: string]: string;
                            };
                            logoVersion: string | null;
                            retiredAt: string | null;
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/brandings/{id}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload a logo, favicon or login image (multipart field "file"; ?kind=): SVG sanitised, PNG/JPEG checked by their bytes and size-limited */
        put: {
            parameters: {
                query?: {
                    kind?: "logo" | "favicon" | "loginImage";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                [key: string]: {
                                    contentType: string;
                                    version: string;
                                };
                            };
                            brandingDisplayName: string;
                            /** Format: uuid */
                            brandingId: string;
                            brandingKey: string;
                            colours: {
                                background: string;
                                primary: string;
                                primaryText: string;
                                text: string;
                            };
                            domains: string[];
                            emailFooter: string;
                            emailSenderAddress: string;
                            emailSenderName: string;
                            fullDomainName: string | null;
                            issuersCount: number;
                            loginTexts: {
                                [key: string]: string;
                            };
                            logoVersion: string | null;
                            retiredAt: string | null;
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/brandings/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Brandings the caller may see: every one for internal staff, else their issuers’ and their own */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            brandingDisplayName: string;
                            /** Format: uuid */
                            brandingId: string;
                            brandingKey: string;
                            emailSenderAddress: string;
                            emailSenderName: string;
                            fullDomainName: string | null;
                            logoVersion: string | null;
                            retiredAt: string | null;
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/brandings/assets/{brandingKey}/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A branding image (logo, favicon, login image) by branding key: public, shown before sign-in */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    brandingKey: string;
                    kind: "logo" | "favicon" | "loginImage";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/brandings/by-domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Branding of the requested host (before sign-in) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                [key: string]: {
                                    contentType: string;
                                    version: string;
                                };
                            };
                            brandingDisplayName: string;
                            brandingKey: string;
                            colours: {
                                background: string;
                                primary: string;
                                primaryText: string;
                                text: string;
                            } | null;
                            loginTexts: {
                                [key: string]: string;
                            };
                            /** @enum {string} */
                            theme: "paytech" | "mastercard" | "lloyds" | "test" | "hsbc";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversation/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s conversations with its exchanges (another user’s → 404) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            conversation_id: string;
                            last_message_at: string | null;
                            message_count: number;
                            messages: {
                                answer: string;
                                /** Format: uuid */
                                conversation_id: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                mode: "llm" | "extractive" | "none";
                                processing_time: number;
                                question: string;
                                sources: {
                                    content: string;
                                    page: number | null;
                                    source: string;
                                    url: string | null;
                                }[];
                                timestamp: string;
                                token_count: number | null;
                                username: string | null;
                            }[];
                            started_at: string;
                            username: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete one of the caller’s conversations (another user’s → 404) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            conversation_id: string;
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s conversations (limit 100, offset 0 by default), latest first */
        get: {
            parameters: {
                query?: {
                    conversation_id?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                conversation_id: string;
                                last_message_at: string | null;
                                message_count: number;
                                started_at: string;
                                username: string | null;
                            }[];
                            limit: number;
                            offset: number;
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documents the assistant answers from, with their indexing state */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            builtin: boolean;
                            embedding_model: string | null;
                            error: string | null;
                            filename: string;
                            /** Format: uuid */
                            id: string;
                            indexed_at: string | null;
                            /** @enum {string} */
                            kind: "pdf" | "docx" | "txt" | "md" | "csv";
                            language: string;
                            page_count: number | null;
                            passage_count: number;
                            progress: number | null;
                            progress_note: string | null;
                            size_bytes: number;
                            /** @enum {string} */
                            status: "Pending" | "Indexing" | "Indexed" | "Error";
                            uploaded_at: string;
                            uploaded_by: string | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete documents named by query parameters document_id (repeated or comma-separated) and/or filename */
        delete: {
            parameters: {
                query?: {
                    document_id?: string | string[];
                    filename?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            affected: number;
                            document_ids: string[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/documents/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The document file a source points to (opened in the browser) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/documents/reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Index documents again (query parameters document_id and/or filename) */
        post: {
            parameters: {
                query?: {
                    document_id?: string | string[];
                    filename?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            affected: number;
                            document_ids: string[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/documents/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload documents (multipart, several files: PDF, DOCX, TXT, MD, CSV); a file with a name already present replaces it. Files that cannot be taken are listed with filename and error. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            failed: {
                                error: string;
                                filename: string;
                            }[];
                            uploaded: {
                                /** Format: uuid */
                                document_id: string;
                                filename: string;
                                replaced: boolean;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/health-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the chat service answers (and whether a language model is configured) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            documents: number;
                            embeddings_configured: boolean;
                            model_configured: boolean;
                            passages: number;
                            retention_days: number;
                            /** @enum {string} */
                            status: "ok";
                            upload_max_mb: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Logged exchanges (id, question, answer, conversation_id, processing_time, timestamp), latest first; limit 100 and offset 0 by default; internal staff see every user’s */
        get: {
            parameters: {
                query?: {
                    conversation_id?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                answer: string;
                                /** Format: uuid */
                                conversation_id: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                mode: "llm" | "extractive" | "none";
                                processing_time: number;
                                question: string;
                                sources: {
                                    content: string;
                                    page: number | null;
                                    source: string;
                                    url: string | null;
                                }[];
                                timestamp: string;
                                token_count: number | null;
                                username: string | null;
                            }[];
                            limit: number;
                            offset: number;
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/logs/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Conversations (conversation_id, message_count, started_at, last_message_at); limit 100, offset 0 */
        get: {
            parameters: {
                query?: {
                    conversation_id?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                conversation_id: string;
                                last_message_at: string | null;
                                message_count: number;
                                started_at: string;
                                username: string | null;
                            }[];
                            limit: number;
                            offset: number;
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask a question (1–1000 characters) in a new or own conversation; with Accept: text/event-stream the answer streams as "delta" events and ends with a "done" event carrying the response */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        conversation_id?: string | null;
                        /** Format: uuid */
                        job_id?: string | null;
                        question: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            answer: string;
                            /** Format: uuid */
                            conversation_id: string;
                            /** Format: uuid */
                            message_id: string;
                            /** @enum {string} */
                            mode: "llm" | "extractive" | "none";
                            processing_time: number;
                            sources: {
                                content: string;
                                page: number | null;
                                source: string;
                                url: string | null;
                            }[];
                            token_count: number | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
