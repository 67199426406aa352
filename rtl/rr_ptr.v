// rr_ptr: a bank's round-robin pointer for bank_arb, shared by the banked storage blocks (rf,
// rfc). Holds the pointer (ptr_o, a port number) and, beside it, its thermometer (hi_o[j]: port
// j is at or after the pointer), so the arbiter reads the order from flip-flops instead of
// comparing every port with the pointer; bank_arb gives both next values (next_i, hi_next_i:
// the thermometer from its one-hot grant, not from next_i). On load_i both load; reset: 0.
module rr_ptr #(
    parameter NumPorts = 12
) (
    input  wire                clk_i,
    input  wire                rst_ni,
    input  wire                load_i,
    input  wire [PortBits-1:0] next_i,
    input  wire [NumPorts-1:0] hi_next_i,
    output reg  [PortBits-1:0] ptr_o,
    output reg  [NumPorts-1:0] hi_o
);
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  always @(posedge clk_i)
    if (!rst_ni) begin
      ptr_o <= {PortBits{1'b0}};
      hi_o  <= {NumPorts{1'b1}};
    end else if (load_i) begin
      ptr_o <= next_i;
      hi_o  <= hi_next_i;
    end
endmodule
