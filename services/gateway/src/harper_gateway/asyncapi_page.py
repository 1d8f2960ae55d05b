"""The AsyncAPI document as one self-contained HTML page (no scripts, no CDN): every channel with
its address, parameters, who serves or publishes it and its messages, then every schema with
its fields. Served at ``/asyncapi``."""

from __future__ import annotations

from html import escape
from typing import Any

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem;
       color: #1d2430; line-height: 1.45 }
code { background: #f1f3f6; padding: 0 .25rem; border-radius: 3px }
section { border-top: 1px solid #d8dde5; padding: .5rem 0 1rem }
table { border-collapse: collapse; width: 100%; font-size: .92rem }
th, td { text-align: left; vertical-align: top; padding: .2rem .5rem;
         border-bottom: 1px solid #eceff3 }
.muted { color: #5b6574 }
"""


def _name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _link(ref: str) -> str:
    name = escape(_name(ref))
    return f'<a href="#schema-{name}">{name}</a>'


def type_of(schema: Any) -> str:
    """A short, linked description of a schema's type: ``list of <a>StateChange</a> | null``."""
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return _link(schema["$ref"])
    for union in ("oneOf", "anyOf"):
        if union in schema:
            return " | ".join(type_of(member) for member in schema[union])
    if "const" in schema:
        return f"<code>{escape(repr(schema['const']))}</code>"
    if "enum" in schema:
        return " | ".join(f"<code>{escape(repr(v))}</code>" for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        return f"list of {type_of(schema.get('items'))}"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"map of {type_of(schema['additionalProperties'])}"
    return escape(str(kind)) if kind else "any"


def _message(message: dict[str, Any], messages: dict[str, Any]) -> str:
    resolved = messages[_name(message["$ref"])] if "$ref" in message else message
    return f"<li>{escape(resolved.get('title', ''))}: {type_of(resolved.get('payload'))}</li>"


def _channel(cid: str, channel: dict[str, Any], operation: dict[str, Any] | None, doc: Any) -> str:
    messages = doc["components"]["messages"]
    address = channel.get("address") or "(the request's reply subject)"
    parts = [f'<section id="channel-{escape(cid)}"><h3><code>{escape(address)}</code></h3>']
    if operation is not None:
        parts.append(f"<p><strong>{escape(operation.get('summary', ''))}</strong></p>")
    parts.append(f"<p>{escape(channel.get('description', ''))}</p>")
    for name, parameter in channel.get("parameters", {}).items():
        values = ", ".join(f"<code>{escape(v)}</code>" for v in parameter.get("enum", []))
        parts.append(
            f"<p class='muted'><code>{{{escape(name)}}}</code>: "
            f"{escape(parameter.get('description', ''))} {values}</p>"
        )
    parts.append("<ul>")
    parts += [_message(m, messages) for m in channel.get("messages", {}).values()]
    if operation is not None and "reply" in operation:
        reply_channel = doc["channels"][_name(operation["reply"]["channel"]["$ref"])]
        for reply in reply_channel["messages"].values():
            parts.append(_message(reply, messages).replace("<li>", "<li>reply: ", 1))
    parts.append("</ul></section>")
    return "".join(parts)


def _schema(name: str, schema: dict[str, Any]) -> str:
    parts = [f'<section id="schema-{escape(name)}"><h3>{escape(name)}</h3>']
    if schema.get("description"):
        parts.append(f"<p>{escape(schema['description'])}</p>")
    properties: dict[str, Any] = schema.get("properties", {})
    if properties:
        required = set(schema.get("required", []))
        parts.append("<table><tr><th>field</th><th>type</th><th>required</th><th></th></tr>")
        for field, spec in properties.items():
            parts.append(
                f"<tr><td><code>{escape(field)}</code></td><td>{type_of(spec)}</td>"
                f"<td>{'yes' if field in required else ''}</td>"
                f"<td>{escape(spec.get('description', ''))}</td></tr>"
            )
        parts.append("</table>")
    else:
        parts.append(f"<p>{type_of(schema)}</p>")
    parts.append("</section>")
    return "".join(parts)


def render(doc: dict[str, Any]) -> str:
    """The page of ``doc`` (an AsyncAPI 3.0 document as ``asyncapi_document`` makes it)."""
    info = doc["info"]
    by_channel = {_name(op["channel"]["$ref"]): op for op in doc["operations"].values()}
    channels = [
        _channel(cid, channel, by_channel.get(cid), doc)
        for cid, channel in doc["channels"].items()
        if channel.get("address") is not None  # replies are listed with their requests
    ]
    schemas = [_schema(name, s) for name, s in sorted(doc["components"]["schemas"].items())]
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(info['title'])}: AsyncAPI {escape(doc['asyncapi'])}</title>"
        f"<style>{STYLE}</style></head><body>"
        f"<h1>{escape(info['title'])} <span class='muted'>{escape(info['version'])}</span></h1>"
        f"<p>{escape(info.get('description', ''))}</p>"
        "<p>The document itself: <a href='/asyncapi.json'>/asyncapi.json</a> (AsyncAPI "
        f"{escape(doc['asyncapi'])}). The guide: <code>docs/bus.md</code>.</p>"
        f"<h2>Channels ({len(channels)})</h2>{''.join(channels)}"
        f"<h2>Schemas ({len(schemas)})</h2>{''.join(schemas)}"
        "</body></html>"
    )
