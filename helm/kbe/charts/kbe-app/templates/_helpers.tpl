{{/* The app's name: the alias in the umbrella chart (registration-service, shell, remote-public ...) or nameOverride. */}}
{{- define "app.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "app.selectorLabels" -}}
app.kubernetes.io/name: {{ include "app.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "app.labels" -}}
{{ include "app.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | quote }}
app.kubernetes.io/component: {{ .Values.kind }}
app.kubernetes.io/part-of: kbe
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | trunc 63 }}
{{- end -}}

{{/* registry/repository:tag; the schema guarantees a tag that is not "latest". */}}
{{- define "app.image" -}}
{{- $registry := .Values.image.registry | default .Values.global.imageRegistry | default "" -}}
{{- if $registry -}}
{{- printf "%s/%s:%s" $registry .Values.image.repository .Values.image.tag -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository .Values.image.tag -}}
{{- end -}}
{{- end -}}

{{/* The hardening every container gets, app and helm test alike. */}}
{{- define "app.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop:
    - ALL
{{- end -}}

{{/* The files this app serves or reads, rendered: objects become JSON, strings stay as they are. */}}
{{- define "app.files" -}}
{{- $files := dict -}}
{{- range $name, $content := .Values.files -}}
{{- if kindIs "string" $content -}}
{{- $_ := set $files $name $content -}}
{{- else -}}
{{- $_ := set $files $name (printf "%s\n" (toPrettyJson $content)) -}}
{{- end -}}
{{- end -}}
{{- if .Values.runtimeConfig -}}
{{- $_ := set $files "runtime-config.js" (printf "window.__KBE_CONFIG__ = %s;\n" (toJson .Values.runtimeConfig | replace "<" "\\u003c")) -}}
{{- end -}}
{{- toYaml $files -}}
{{- end -}}

{{/* nginx add_header lines for the static front ends, from global.securityHeaders + securityHeaders. */}}
{{- define "app.securityHeadersConf" -}}
# Rendered by the kbe-app chart from the values securityHeaders (global and per app).
{{- range $name, $value := merge (dict) (.Values.securityHeaders | default dict) (.Values.global.securityHeaders | default dict) }}
add_header {{ $name }} {{ $value | quote }} always;
{{- end }}
{{- end -}}

{{/* A NetworkPolicy peer: a name from global.networkPeers, else another KBE app in this namespace. */}}
{{- define "app.peer" -}}
{{- $peers := .root.Values.global.networkPeers | default dict -}}
{{- if hasKey $peers .name -}}
{{- $peer := get $peers .name -}}
{{- $selector := omit $peer "ports" -}}
{{- toYaml (list $selector) -}}
{{- else -}}
- podSelector:
    matchLabels:
      app.kubernetes.io/name: {{ .name }}
{{- end -}}
{{- end -}}
